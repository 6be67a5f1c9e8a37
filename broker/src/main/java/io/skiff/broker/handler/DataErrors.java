/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.skiff.broker.handler;

import io.skiff.broker.topic.InvalidTopicException;
import io.skiff.broker.topic.TopicExistsException;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.config.ConfigException;
import io.skiff.protocol.Errors;
import io.skiff.record.CorruptRecordException;
import io.skiff.record.InvalidRecordException;
import io.skiff.record.RecordTooLargeException;
import io.skiff.record.RecordValidationException;
import io.skiff.storage.OffsetOutOfRangeException;
import io.skiff.storage.StorageException;
import io.skiff.storage.producer.InvalidProducerEpochException;
import io.skiff.storage.producer.InvalidTxnStateException;
import io.skiff.storage.producer.OutOfOrderSequenceException;
import io.skiff.storage.producer.TransactionCoordinatorFencedException;
import java.io.UncheckedIOException;

/**
 * Maps the domain's exceptions to Kafka error codes, in one place for every data handler.
 *
 * <p>Stateless; thread-safe.
 */
final class DataErrors {
    private DataErrors() {}

    static Errors of(Throwable e) {
        if (e instanceof UnknownTopicException) {
            return Errors.UNKNOWN_TOPIC_OR_PARTITION;
        } else if (e instanceof InvalidTopicException) {
            return Errors.INVALID_TOPIC_EXCEPTION;
        } else if (e instanceof TopicExistsException) {
            return Errors.TOPIC_ALREADY_EXISTS;
        } else if (e instanceof ConfigException) {
            return Errors.INVALID_CONFIG;
        } else if (e instanceof InvalidProducerEpochException) {
            return Errors.INVALID_PRODUCER_EPOCH;
        } else if (e instanceof OutOfOrderSequenceException) {
            return Errors.OUT_OF_ORDER_SEQUENCE_NUMBER;
        } else if (e instanceof InvalidTxnStateException) {
            return Errors.INVALID_TXN_STATE;
        } else if (e instanceof TransactionCoordinatorFencedException) {
            return Errors.TRANSACTION_COORDINATOR_FENCED;
        } else if (e instanceof RecordTooLargeException) {
            return Errors.MESSAGE_TOO_LARGE;
        } else if (e instanceof RecordValidationException rve) {
            return rve.invalidTimestamp() ? Errors.INVALID_TIMESTAMP : Errors.INVALID_RECORD;
        } else if (e instanceof CorruptRecordException) {
            return Errors.CORRUPT_MESSAGE;
        } else if (e instanceof InvalidRecordException) {
            return Errors.INVALID_RECORD;
        } else if (e instanceof OffsetOutOfRangeException) {
            return Errors.OFFSET_OUT_OF_RANGE;
        } else if (e instanceof StorageException || e instanceof UncheckedIOException) {
            return Errors.KAFKA_STORAGE_ERROR;
        }
        return Errors.UNKNOWN_SERVER_ERROR;
    }
}
