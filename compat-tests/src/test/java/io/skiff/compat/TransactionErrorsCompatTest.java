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
package io.skiff.compat;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.AddOffsetsToTxnRequestData;
import org.apache.kafka.common.message.AddPartitionsToTxnRequestData;
import org.apache.kafka.common.message.DescribeTransactionsRequestData;
import org.apache.kafka.common.message.DescribeTransactionsResponseData;
import org.apache.kafka.common.message.EndTxnRequestData;
import org.apache.kafka.common.message.FindCoordinatorRequestData;
import org.apache.kafka.common.message.InitProducerIdRequestData;
import org.apache.kafka.common.message.InitProducerIdResponseData;
import org.apache.kafka.common.message.OffsetFetchRequestData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.TxnOffsetCommitRequestData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.common.requests.AddOffsetsToTxnRequest;
import org.apache.kafka.common.requests.AddOffsetsToTxnResponse;
import org.apache.kafka.common.requests.AddPartitionsToTxnRequest;
import org.apache.kafka.common.requests.AddPartitionsToTxnResponse;
import org.apache.kafka.common.requests.DescribeTransactionsRequest;
import org.apache.kafka.common.requests.DescribeTransactionsResponse;
import org.apache.kafka.common.requests.EndTxnRequest;
import org.apache.kafka.common.requests.EndTxnResponse;
import org.apache.kafka.common.requests.FindCoordinatorRequest;
import org.apache.kafka.common.requests.FindCoordinatorResponse;
import org.apache.kafka.common.requests.InitProducerIdRequest;
import org.apache.kafka.common.requests.InitProducerIdResponse;
import org.apache.kafka.common.requests.OffsetFetchRequest;
import org.apache.kafka.common.requests.OffsetFetchResponse;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.ProduceResponse;
import org.apache.kafka.common.requests.TxnOffsetCommitRequest;
import org.apache.kafka.common.requests.TxnOffsetCommitResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The error codes of transaction requests in one scripted session, sent over a raw connection, compared with what
 * Apache Kafka 4.4.0 answers to the same session (recorded by running this test with
 * {@code -Dtxn.bootstrap=host:port} against a real Kafka, which prints the answers instead of asserting them):
 * invalid timeouts, fencing by epoch, unknown producer ids and transactional ids, unknown topics, produce-side
 * verification per Produce version, TxnOffsetCommit without AddOffsetsToTxn, KIP-447 generation checks,
 * require_stable, an open transaction aborted by a new instance.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD)
class TransactionErrorsCompatTest {
    static final String SUFFIX = Long.toString(System.nanoTime());
    static final String T = "probe-t" + SUFFIX;
    static final String G = "g" + SUFFIX;
    /** What Kafka 4.4.0 answers, in order (suffixes of generated names removed). */
    private static final List<String> KAFKA_ANSWERS = List.of(
            "init timeout too big: INVALID_TRANSACTION_TIMEOUT",
            "init: NONE epoch 0",
            "init again: NONE epoch 1",
            "init expected wrong pid v4: PRODUCER_FENCED",
            "endtxn on empty: INVALID_TXN_STATE",
            "endtxn abort on empty: INVALID_TXN_STATE",
            "add wrong epoch: {={probe-t-0=PRODUCER_FENCED}}",
            "add wrong pid: {={probe-t-0=INVALID_PRODUCER_ID_MAPPING}}",
            "add unknown id: {={probe-t-0=INVALID_PRODUCER_ID_MAPPING}}",
            "add unknown topic: {={nosuch-0=UNKNOWN_TOPIC_OR_PARTITION, probe-t-0=OPERATION_NOT_ATTEMPTED}}",
            "add internal topic: {={__consumer_offsets-0=TOPIC_AUTHORIZATION_FAILED, probe-t-0=OPERATION_NOT_ATTEMPTED}}",
            "add internal and unknown topic: {={__consumer_offsets-0=TOPIC_AUTHORIZATION_FAILED,"
                    + " nosuch-0=UNKNOWN_TOPIC_OR_PARTITION, probe-t-0=OPERATION_NOT_ATTEMPTED}}",
            "produce v9 not in txn: INVALID_TXN_STATE Partition was not added to the transaction",
            "produce v11 not in txn: TRANSACTION_ABORTABLE null",
            "produce v9 unknown id: INVALID_PRODUCER_ID_MAPPING null",
            "produce v9 wrong pid: INVALID_PRODUCER_ID_MAPPING null",
            "produce v11 wrong pid: INVALID_PRODUCER_ID_MAPPING null",
            "produce v9 newer epoch: INVALID_PRODUCER_EPOCH null",
            "verify only not in txn: {p={probe-t-0=TRANSACTION_ABORTABLE}}",
            "add ok: {={probe-t-0=NONE}}",
            "verify only in txn: {p={probe-t-0=NONE}}",
            "verify only other partition: {p={probe-t-1=TRANSACTION_ABORTABLE}}",
            "verify only old epoch: {p={probe-t-0=PRODUCER_FENCED}}",
            "verify only wrong pid: {p={probe-t-0=INVALID_PRODUCER_ID_MAPPING}}",
            "verify only unknown id: {nope={probe-t-0=INVALID_PRODUCER_ID_MAPPING}}",
            "produce v9 in txn: NONE null",
            "produce v9 in txn old epoch: INVALID_PRODUCER_EPOCH null",
            "produce v9 in txn unknown id: NONE null",
            "txnoffsetcommit without addoffsets: {probe-t-0=INVALID_TXN_STATE}",
            "txnoffsetcommit v4 without addoffsets: {probe-t-0=TRANSACTION_ABORTABLE}",
            "txnoffsetcommit unknown id: {probe-t-0=INVALID_PRODUCER_ID_MAPPING}",
            "txnoffsetcommit newer epoch: {probe-t-0=INVALID_PRODUCER_EPOCH}",
            "addoffsets: NONE",
            "txnoffsetcommit gen 5 unknown group: {probe-t-0=ILLEGAL_GENERATION}",
            "txnoffsetcommit simple: {probe-t-0=NONE}",
            "txnoffsetcommit old epoch: {probe-t-0=INVALID_PRODUCER_EPOCH}",
            "offsetfetch stable: UNSTABLE_OFFSET_COMMIT",
            "endtxn old epoch: PRODUCER_FENCED",
            "endtxn wrong pid: INVALID_PRODUCER_ID_MAPPING",
            "init during ongoing: CONCURRENT_TRANSACTIONS",
            "init after: NONE epoch 3 samepid true",
            "produce old epoch after fence: INVALID_PRODUCER_EPOCH null",
            "add old epoch after fence: {={probe-t-0=PRODUCER_FENCED}}",
            "endtxn old epoch after fence: PRODUCER_FENCED");

    /**
     * What Kafka 4.4.0 answers to the session of a transaction protocol version 2 client, in order: EndTxn v5, Produce
     * v12 and TxnOffsetCommit v5 (recorded as above).
     */
    private static final List<String> KAFKA_V2_ANSWERS = List.of(
            "init: NONE epoch 0",
            "endtxn v5 commit on empty: INVALID_TXN_STATE epoch -1 samepid false",
            "endtxn v5 abort on empty: NONE epoch 1 samepid true",
            "endtxn v5 abort retry: NONE epoch 1 samepid true",
            "endtxn v5 commit after abort: INVALID_TXN_STATE epoch -1 samepid false",
            "endtxn v5 abort again: NONE epoch 2 samepid true",
            "produce v12 adds the partition: NONE null",
            "produce v12 second partition: NONE null",
            "produce v12 old epoch: INVALID_PRODUCER_EPOCH null",
            "produce v12 wrong pid: INVALID_PRODUCER_ID_MAPPING null",
            // the partition already has this producer's open transaction at this epoch: no add, whatever the id
            "produce v12 unknown id: NONE null",
            "txnoffsetcommit v5 adds the group: {probe-t-0=NONE}",
            "txnoffsetcommit v5 old epoch: {probe-t-0=INVALID_PRODUCER_EPOCH}",
            "txnoffsetcommit v5 wrong pid: {probe-t-0=INVALID_PRODUCER_ID_MAPPING}",
            // the group's partition of __consumer_offsets is N (its number depends on offsets.topic.num.partitions)
            "describe ongoing: NONE Ongoing epoch 2 [__consumer_offsets-N, probe-t-0, probe-t-1]",
            "endtxn v5 old epoch: PRODUCER_FENCED epoch -1 samepid false",
            "endtxn v5 commit: NONE epoch 3 samepid true",
            "endtxn v5 commit retry: NONE epoch 3 samepid true",
            "endtxn v5 abort retry after commit: INVALID_TXN_STATE epoch -1 samepid false",
            "endtxn v4 after v5 commit: NONE",
            "produce v11 not in txn: TRANSACTION_ABORTABLE null",
            "produce v12 next transaction: NONE null",
            "init during ongoing: CONCURRENT_TRANSACTIONS",
            "init after: NONE epoch 5 samepid true",
            "produce v12 old epoch after fence: INVALID_PRODUCER_EPOCH null",
            "endtxn v5 old epoch after fence: PRODUCER_FENCED epoch -1 samepid false",
            "txnoffsetcommit v5 old epoch after fence: {probe-t-0=INVALID_PRODUCER_EPOCH}");

    /** {@code -Dtxn.bootstrap=host:port} runs the sessions against that Kafka and prints its answers instead. */
    private static final String REAL_KAFKA = System.getProperty("txn.bootstrap");

    private final List<String> out = new ArrayList<>();
    private SkiffServer server;
    private RawKafkaConnection c;

    @BeforeEach
    void connect() throws Exception {
        String bootstrap = REAL_KAFKA != null ? REAL_KAFKA : server.bootstrapServers();
        createProbeTopic(bootstrap);
        String[] hp = bootstrap.split(":");
        c = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]));
    }

    /** Against Skiff: the session's answers are Kafka's; against a real Kafka: prints them. */
    private void assertAnswers(List<String> kafka) throws IOException {
        c.close();
        if (REAL_KAFKA == null) {
            assertEquals(kafka, out);
        }
    }

    void log(String step, Object v) {
        out.add((step + ": " + v).replace(SUFFIX, ""));
        if (REAL_KAFKA != null) {
            System.out.println("ANSWER " + out.get(out.size() - 1)); // as it comes: a later step may throw
        }
    }

    @Test
    void sameErrorsAsKafka() throws Exception {
        String id = "p" + SUFFIX;
        awaitCoordinator((byte) 1, id);
        log("init timeout too big", init(id, 900_001, -1, (short) -1));
        InitProducerIdResponseData ok = initUntilDone(id);
        log("init", Errors.forCode(ok.errorCode()) + " epoch " + ok.producerEpoch());
        ok = initData(id, 60_000, -1, (short) -1);
        log("init again", Errors.forCode(ok.errorCode()) + " epoch " + ok.producerEpoch());
        long pid = ok.producerId();
        short ep = ok.producerEpoch();
        log("init expected wrong pid v4", init(id, 60_000, pid + 99, ep));
        log("endtxn on empty", endTxn(id, pid, ep, true));
        log("endtxn abort on empty", endTxn(id, pid, ep, false));
        log("add wrong epoch", add(id, pid, (short) (ep + 1), T, 0));
        log("add wrong pid", add(id, pid + 1, ep, T, 0));
        log("add unknown id", add("nope", pid, ep, T, 0));
        log("add unknown topic", addTwo(id, pid, ep));
        log("add internal topic", addAll(id, pid, ep, T, "__consumer_offsets"));
        log("add internal and unknown topic", addAll(id, pid, ep, T, "__consumer_offsets", "nosuch"));
        log("produce v9 not in txn", produce(id, pid, ep, 1, 9, 0));
        log("produce v11 not in txn", produce(id, pid, ep, 1, 11, 0));
        log("produce v9 unknown id", produce("nope", pid, ep, 1, 9, 0));
        log("produce v9 wrong pid", produce(id, pid + 1, ep, 1, 9, 0));
        log("produce v11 wrong pid", produce(id, pid + 1, ep, 1, 11, 0));
        log("produce v9 newer epoch", produce(id, pid, (short) (ep + 1), 1, 9, 0));
        log("verify only not in txn", verifyOnly(id, pid, ep, 0));
        log("add ok", add(id, pid, ep, T, 0));
        log("verify only in txn", verifyOnly(id, pid, ep, 0));
        log("verify only other partition", verifyOnly(id, pid, ep, 1));
        log("verify only old epoch", verifyOnly(id, pid, (short) (ep - 1), 0));
        log("verify only wrong pid", verifyOnly(id, pid + 1, ep, 0));
        log("verify only unknown id", verifyOnly("nope", pid, ep, 0));
        log("produce v9 in txn", produce(id, pid, ep, 0, 9, 0));
        log("produce v9 in txn old epoch", produce(id, pid, (short) (ep - 1), 0, 9, 1));
        log("produce v9 in txn unknown id", produce("nope", pid, ep, 0, 9, 1));
        awaitCoordinator((byte) 0, G);
        log("txnoffsetcommit without addoffsets", txnOffset(id, pid, ep, G, -1, ""));
        log("txnoffsetcommit v4 without addoffsets", txnOffset(id, pid, ep, G, -1, "", (short) 4));
        log("txnoffsetcommit unknown id", txnOffset("nope", pid, ep, G, -1, ""));
        log("txnoffsetcommit newer epoch", txnOffset(id, pid, (short) (ep + 1), G, -1, ""));
        log(
                "addoffsets",
                Errors.forCode(((AddOffsetsToTxnResponse)
                                c.send(new AddOffsetsToTxnRequest.Builder(new AddOffsetsToTxnRequestData()
                                                .setTransactionalId(id)
                                                .setProducerId(pid)
                                                .setProducerEpoch(ep)
                                                .setGroupId(G))
                                        .build((short) 3)))
                        .data()
                        .errorCode()));
        log("txnoffsetcommit gen 5 unknown group", txnOffset(id, pid, ep, G, 5, "m"));
        log("txnoffsetcommit simple", txnOffset(id, pid, ep, G, -1, ""));
        log("txnoffsetcommit old epoch", txnOffset(id, pid, (short) (ep - 1), G, -1, ""));
        OffsetFetchResponse of = c.send(OffsetFetchRequest.Builder.forTopicNames(
                        new OffsetFetchRequestData()
                                .setRequireStable(true)
                                .setGroups(List.of(new OffsetFetchRequestData.OffsetFetchRequestGroup()
                                        .setGroupId(G)
                                        .setTopics(List.of(new OffsetFetchRequestData.OffsetFetchRequestTopics()
                                                .setName(T)
                                                .setPartitionIndexes(List.of(0)))))),
                        false)
                .build((short) 8));
        log(
                "offsetfetch stable",
                Errors.forCode(of.data()
                        .groups()
                        .get(0)
                        .topics()
                        .get(0)
                        .partitions()
                        .get(0)
                        .errorCode()));
        log("endtxn old epoch", endTxn(id, pid, (short) (ep - 1), true));
        log("endtxn wrong pid", endTxn(id, pid + 1, ep, true));
        logInitDuringAndAfterOngoing(id, pid);
        log("produce old epoch after fence", produce(id, pid, ep, 0, 9, 1));
        log("add old epoch after fence", add(id, pid, ep, T, 0));
        log("endtxn old epoch after fence", endTxn(id, pid, ep, false));
        assertAnswers(KAFKA_ANSWERS);
    }

    /**
     * An InitProducerId while {@code id}'s transaction is open (it aborts that transaction), then one until it is
     * done: the second's error, epoch and whether it kept producer id {@code pid}.
     */
    private void logInitDuringAndAfterOngoing(String id, long pid) throws Exception {
        log("init during ongoing", init(id, 60_000, -1, (short) -1));
        InitProducerIdResponseData again = initUntilDone(id);
        log(
                "init after",
                Errors.forCode(again.errorCode()) + " epoch " + again.producerEpoch() + " samepid "
                        + (again.producerId() == pid));
    }

    /**
     * Transaction protocol version 2: the epoch bumped and returned by every EndTxn v5, retries of a completed end,
     * the implicit add of Produce v12 and TxnOffsetCommit v5, and fencing, beside the version 1 requests.
     */
    @Test
    void sameVersion2ErrorsAsKafka() throws Exception {
        String id = "v2" + SUFFIX;
        awaitCoordinator((byte) 1, id);
        InitProducerIdResponseData ok = initUntilDone(id);
        long pid = ok.producerId();
        log("init", Errors.forCode(ok.errorCode()) + " epoch " + ok.producerEpoch());
        log("endtxn v5 commit on empty", endTxnV5(id, pid, (short) 0, true));
        log("endtxn v5 abort on empty", endTxnV5(id, pid, (short) 0, false));
        log("endtxn v5 abort retry", endTxnV5(id, pid, (short) 0, false));
        log("endtxn v5 commit after abort", endTxnV5(id, pid, (short) 1, true));
        log("endtxn v5 abort again", endTxnV5(id, pid, (short) 1, false));
        short ep = 2;
        log("produce v12 adds the partition", produce(id, pid, ep, 0, 12, 0));
        log("produce v12 second partition", produce(id, pid, ep, 1, 12, 0));
        log("produce v12 old epoch", produce(id, pid, (short) (ep - 1), 0, 12, 1));
        log("produce v12 wrong pid", produce(id, pid + 1, ep, 0, 12, 0));
        log("produce v12 unknown id", produce("nope", pid, ep, 0, 12, 0));
        awaitCoordinator((byte) 0, G);
        log("txnoffsetcommit v5 adds the group", txnOffset(id, pid, ep, G, -1, "", (short) 5));
        log("txnoffsetcommit v5 old epoch", txnOffset(id, pid, (short) (ep - 1), G, -1, "", (short) 5));
        log("txnoffsetcommit v5 wrong pid", txnOffset(id, pid + 1, ep, G, -1, "", (short) 5));
        log("describe ongoing", describe(id));
        log("endtxn v5 old epoch", endTxnV5(id, pid, (short) (ep - 1), true));
        log("endtxn v5 commit", endTxnV5(id, pid, ep, true));
        log("endtxn v5 commit retry", endTxnV5(id, pid, ep, true));
        log("endtxn v5 abort retry after commit", endTxnV5(id, pid, ep, false));
        log("endtxn v4 after v5 commit", endTxn(id, pid, (short) (ep + 1), true));
        ep = (short) (ep + 1);
        log("produce v11 not in txn", produce(id, pid, ep, 0, 11, 0));
        log("produce v12 next transaction", produce(id, pid, ep, 0, 12, 0));
        logInitDuringAndAfterOngoing(id, pid);
        log("produce v12 old epoch after fence", produce(id, pid, ep, 0, 12, 1));
        log("endtxn v5 old epoch after fence", endTxnV5(id, pid, ep, false));
        log("txnoffsetcommit v5 old epoch after fence", txnOffset(id, pid, ep, G, -1, "", (short) 5));
        assertAnswers(KAFKA_V2_ANSWERS);
    }

    /** Creates the topic both sessions write to, unless the other session did. */
    private static void createProbeTopic(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(T, 2, (short) 1))).all().get();
        } catch (java.util.concurrent.ExecutionException e) {
            if (!(e.getCause() instanceof org.apache.kafka.common.errors.TopicExistsException)) {
                throw e;
            }
        }
    }

    /** EndTxn v5: the error, and the epoch returned and whether the producer id stayed. */
    String endTxnV5(String id, long pid, short ep, boolean commit) throws Exception {
        EndTxnResponse r = sendEndTxn(id, pid, ep, commit, (short) 5);
        return Errors.forCode(r.data().errorCode()) + " epoch " + r.data().producerEpoch() + " samepid "
                + (r.data().producerId() == pid);
    }

    /** DescribeTransactions: the state, the epoch and the partitions in the transaction. */
    String describe(String id) throws Exception {
        DescribeTransactionsResponse r = c.send(new DescribeTransactionsRequest.Builder(
                        new DescribeTransactionsRequestData().setTransactionalIds(List.of(id)))
                .build((short) 0));
        DescribeTransactionsResponseData.TransactionState state =
                r.data().transactionStates().get(0);
        List<String> partitions = new ArrayList<>();
        state.topics()
                .forEach(t -> t.partitions()
                        .forEach(p -> partitions.add(
                                t.topic().startsWith("__consumer_offsets")
                                        ? "__consumer_offsets-N"
                                        : t.topic().replace(SUFFIX, "") + "-" + p)));
        partitions.sort(null);
        return Errors.forCode(state.errorCode()) + " " + state.transactionState() + " epoch " + state.producerEpoch()
                + " " + partitions;
    }

    private void awaitCoordinator(byte keyType, String key) {
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            FindCoordinatorResponse f = c.send(new FindCoordinatorRequest.Builder(
                            new FindCoordinatorRequestData().setKeyType(keyType).setCoordinatorKeys(List.of(key)))
                    .build((short) 4));
            return f.data().coordinators().get(0).errorCode() == 0;
        });
    }

    /** InitProducerId until it succeeds (CONCURRENT_TRANSACTIONS while an open transaction is aborted). */
    private InitProducerIdResponseData initUntilDone(String id) {
        InitProducerIdResponseData[] last = {null};
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            last[0] = initData(id, 60_000, -1, (short) -1);
            return last[0].errorCode() == 0;
        });
        return last[0];
    }

    Errors init(String id, int timeout, long pid, short epoch) throws Exception {
        return Errors.forCode(initData(id, timeout, pid, epoch).errorCode());
    }

    InitProducerIdResponseData initData(String id, int timeout, long pid, short epoch) throws Exception {
        InitProducerIdResponse r = c.send(new InitProducerIdRequest.Builder(new InitProducerIdRequestData()
                        .setTransactionalId(id)
                        .setTransactionTimeoutMs(timeout)
                        .setProducerId(pid)
                        .setProducerEpoch(epoch))
                .build((short) 4));
        return r.data();
    }

    Errors endTxn(String id, long pid, short ep, boolean commit) throws Exception {
        return Errors.forCode(sendEndTxn(id, pid, ep, commit, (short) 3).data().errorCode());
    }

    /** EndTxn at {@code version} (5: transaction protocol version 2). */
    private EndTxnResponse sendEndTxn(String id, long pid, short ep, boolean commit, short version) throws Exception {
        EndTxnRequestData data = new EndTxnRequestData()
                .setTransactionalId(id)
                .setProducerId(pid)
                .setProducerEpoch(ep)
                .setCommitted(commit);
        return c.send(new EndTxnRequest.Builder(data, version >= 5).build(version));
    }

    String add(String id, long pid, short ep, String topic, int p) throws Exception {
        AddPartitionsToTxnResponse r = c.send(AddPartitionsToTxnRequest.Builder.forClient(
                        id, pid, ep, List.of(new org.apache.kafka.common.TopicPartition(topic, p)))
                .build((short) 3));
        return sorted(r.errors());
    }

    /** A broker's verify-only AddPartitionsToTxn (v4) of partition {@code p} of the probe topic. */
    String verifyOnly(String id, long pid, short ep, int p) throws Exception {
        var topics = new AddPartitionsToTxnRequestData.AddPartitionsToTxnTopicCollection();
        topics.add(new AddPartitionsToTxnRequestData.AddPartitionsToTxnTopic()
                .setName(T)
                .setPartitions(List.of(p)));
        var txns = new AddPartitionsToTxnRequestData.AddPartitionsToTxnTransactionCollection();
        txns.add(new AddPartitionsToTxnRequestData.AddPartitionsToTxnTransaction()
                .setTransactionalId(id)
                .setProducerId(pid)
                .setProducerEpoch(ep)
                .setVerifyOnly(true)
                .setTopics(topics));
        AddPartitionsToTxnResponse r =
                c.send(AddPartitionsToTxnRequest.Builder.forBroker(txns).build((short) 4));
        return sorted(r.errors());
    }

    String addTwo(String id, long pid, short ep) throws Exception {
        return addAll(id, pid, ep, T, "nosuch");
    }

    /** A client's AddPartitionsToTxn (v3) of partition 0 of each of {@code topics}. */
    String addAll(String id, long pid, short ep, String... topics) throws Exception {
        List<org.apache.kafka.common.TopicPartition> partitions = new ArrayList<>();
        for (String topic : topics) {
            partitions.add(new org.apache.kafka.common.TopicPartition(topic, 0));
        }
        AddPartitionsToTxnResponse r = c.send(AddPartitionsToTxnRequest.Builder.forClient(id, pid, ep, partitions)
                .build((short) 3));
        return sorted(r.errors());
    }

    /**
     * The per-transaction errors with partitions in name order: the client's maps are hash maps, and the topic
     * names carry a random suffix, so their own order changes from run to run.
     */
    static String sorted(Map<String, Map<org.apache.kafka.common.TopicPartition, Errors>> errors) {
        Map<String, Map<String, Errors>> byName = new java.util.TreeMap<>();
        errors.forEach((txn, partitions) -> {
            Map<String, Errors> sortedPartitions = new java.util.TreeMap<>();
            partitions.forEach((tp, e) -> sortedPartitions.put(tp.toString().replace(SUFFIX, ""), e));
            byName.put(txn, sortedPartitions);
        });
        return byName.toString();
    }

    String produce(String id, long pid, short ep, int partition, int version, int seq) throws Exception {
        MemoryRecords records = MemoryRecords.withTransactionalRecords(
                Compression.NONE, pid, ep, seq, new SimpleRecord("x".getBytes()));
        ProduceRequestData data = new ProduceRequestData()
                .setAcks((short) -1)
                .setTimeoutMs(5000)
                .setTransactionalId(id)
                .setTopicData(new ProduceRequestData.TopicProduceDataCollection(
                        List.of(new ProduceRequestData.TopicProduceData()
                                        .setName(T)
                                        .setPartitionData(List.of(new ProduceRequestData.PartitionProduceData()
                                                .setIndex(partition)
                                                .setRecords(records))))
                                .iterator()));
        ProduceResponse r =
                c.send(new ProduceRequest.Builder((short) version, (short) version, data).build((short) version));
        var pr = r.data().responses().iterator().next().partitionResponses().get(0);
        return Errors.forCode(pr.errorCode()) + " " + pr.errorMessage();
    }

    String txnOffset(String id, long pid, short ep, String group, int gen, String member) throws Exception {
        return txnOffset(id, pid, ep, group, gen, member, (short) 3);
    }

    String txnOffset(String id, long pid, short ep, String group, int gen, String member, short version)
            throws Exception {
        TxnOffsetCommitResponse r = c.send(TxnOffsetCommitRequest.Builder.forTopicNames(
                        new TxnOffsetCommitRequestData()
                                .setTransactionalId(id)
                                .setGroupId(group)
                                .setProducerId(pid)
                                .setProducerEpoch(ep)
                                .setGenerationIdOrMemberEpoch(gen)
                                .setMemberId(member)
                                .setTopics(List.of(new TxnOffsetCommitRequestData.TxnOffsetCommitRequestTopic()
                                        .setName(T)
                                        .setPartitions(
                                                List.of(new TxnOffsetCommitRequestData.TxnOffsetCommitRequestPartition()
                                                        .setPartitionIndex(0)
                                                        .setCommittedOffset(5))))),
                        false)
                .build(version));
        Map<String, Errors> errors = new TreeMap<>();
        r.data()
                .topics()
                .forEach(t -> t.partitions()
                        .forEach(p -> errors.put(t.name() + "-" + p.partitionIndex(), Errors.forCode(p.errorCode()))));
        return errors.toString();
    }
}
