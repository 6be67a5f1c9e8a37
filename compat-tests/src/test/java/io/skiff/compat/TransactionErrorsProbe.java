package io.skiff.compat;

import io.skiff.broker.SkiffServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.*;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.SimpleRecord;
import org.apache.kafka.common.requests.*;
import org.junit.jupiter.api.Test;

/** Scratch probe: prints the error codes of transaction requests, for Skiff or for -Dprobe.bootstrap. */
class TransactionErrorsProbe {
    List<String> out = new ArrayList<>();
    RawKafkaConnection c;

    void log(String step, Object v) {
        out.add(step + ": " + v);
    }

    @Test
    void probe() throws Exception {
        String bootstrap = System.getProperty("probe.bootstrap");
        SkiffServer server = null;
        if (bootstrap == null) {
            server = SkiffServer.builder().port(0).start();
            bootstrap = server.bootstrapServers();
        }
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic("probe-t", 2, (short) 1)))
                    .all()
                    .get();
        }
        String[] hp = bootstrap.split(":");
        c = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]));
        String id = "p1";
        for (int i = 0; i < 50; i++) {
            FindCoordinatorResponse f = c.send(new FindCoordinatorRequest.Builder(new FindCoordinatorRequestData()
                            .setKeyType((byte) 1)
                            .setCoordinatorKeys(List.of(id)))
                    .build((short) 4));
            if (f.data().coordinators().get(0).errorCode() == 0) break;
            Thread.sleep(200);
        }
        log("init timeout too big", init(id, 900_001, -1, (short) -1));
        InitProducerIdResponseData ok = null;
        for (int i = 0; i < 50; i++) {
            ok = initData(id, 60_000, -1, (short) -1);
            if (ok.errorCode() == 0) break;
            Thread.sleep(200);
        }
        log("init", Errors.forCode(ok.errorCode()) + " epoch " + ok.producerEpoch());
        long pid = ok.producerId();
        short ep = ok.producerEpoch();
        log("init expected wrong pid v4", init(id, 60_000, pid + 99, ep));
        log("endtxn on empty", endTxn(id, pid, ep, true));
        log("endtxn abort on empty", endTxn(id, pid, ep, false));
        log("add wrong epoch", add(id, pid, (short) (ep + 1), "probe-t", 0));
        log("add wrong pid", add(id, pid + 1, ep, "probe-t", 0));
        log("add unknown id", add("nope", pid, ep, "probe-t", 0));
        log("add unknown topic", addTwo(id, pid, ep));
        log("produce v9 not in txn", produce(id, pid, ep, 1, 9, 0));
        log("produce v11 not in txn", produce(id, pid, ep, 1, 11, 0));
        log("add ok", add(id, pid, ep, "probe-t", 0));
        log("produce v9 in txn", produce(id, pid, ep, 0, 9, 0));
        log("produce v9 in txn old epoch", produce(id, pid, (short) (ep - 1), 0, 9, 1));
        log("txnoffsetcommit without addoffsets", txnOffset(id, pid, ep, "g", -1, ""));
        log(
                "addoffsets",
                Errors.forCode(((AddOffsetsToTxnResponse)
                                c.send(new AddOffsetsToTxnRequest.Builder(new AddOffsetsToTxnRequestData()
                                                .setTransactionalId(id)
                                                .setProducerId(pid)
                                                .setProducerEpoch(ep)
                                                .setGroupId("g"))
                                        .build((short) 3)))
                        .data()
                        .errorCode()));
        log("txnoffsetcommit gen 5 unknown group", txnOffset(id, pid, ep, "g", 5, "m"));
        log("txnoffsetcommit simple", txnOffset(id, pid, ep, "g", -1, ""));
        log("txnoffsetcommit old epoch", txnOffset(id, pid, (short) (ep - 1), "g", -1, ""));
        OffsetFetchResponse of = c.send(new OffsetFetchRequest.Builder(
                        new OffsetFetchRequestData()
                                .setGroupId("g")
                                .setRequireStable(true)
                                .setTopics(List.of(new OffsetFetchRequestData.OffsetFetchRequestTopic()
                                        .setName("probe-t")
                                        .setPartitionIndexes(List.of(0)))),
                        false)
                .build((short) 7));
        log(
                "offsetfetch stable",
                Errors.forCode(of.data().topics().get(0).partitions().get(0).errorCode()));
        log("endtxn old epoch", endTxn(id, pid, (short) (ep - 1), true));
        log("endtxn wrong pid", endTxn(id, pid + 1, ep, true));
        log("init during ongoing", init(id, 60_000, -1, (short) -1));
        InitProducerIdResponseData again = null;
        for (int i = 0; i < 50; i++) {
            again = initData(id, 60_000, -1, (short) -1);
            if (again.errorCode() == 0) break;
            Thread.sleep(100);
        }
        log(
                "init after",
                Errors.forCode(again.errorCode()) + " epoch " + again.producerEpoch() + " samepid "
                        + (again.producerId() == pid));
        log("produce old epoch after fence", produce(id, pid, ep, 0, 9, 1));
        log("add old epoch after fence", add(id, pid, ep, "probe-t", 0));
        log("endtxn old epoch after fence", endTxn(id, pid, ep, false));
        c.close();
        if (server != null) server.close();
        out.forEach(System.out::println);
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
        EndTxnResponse r = c.send(new EndTxnRequest.Builder(
                        new EndTxnRequestData()
                                .setTransactionalId(id)
                                .setProducerId(pid)
                                .setProducerEpoch(ep)
                                .setCommitted(commit),
                        false)
                .build((short) 3));
        return Errors.forCode(r.data().errorCode());
    }

    String add(String id, long pid, short ep, String topic, int p) throws Exception {
        AddPartitionsToTxnResponse r = c.send(AddPartitionsToTxnRequest.Builder.forClient(
                        id, pid, ep, List.of(new org.apache.kafka.common.TopicPartition(topic, p)))
                .build((short) 3));
        return r.errors().toString();
    }

    String addTwo(String id, long pid, short ep) throws Exception {
        AddPartitionsToTxnResponse r = c.send(AddPartitionsToTxnRequest.Builder.forClient(
                        id,
                        pid,
                        ep,
                        List.of(
                                new org.apache.kafka.common.TopicPartition("probe-t", 0),
                                new org.apache.kafka.common.TopicPartition("nosuch", 0)))
                .build((short) 3));
        return r.errors().toString();
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
                                        .setName("probe-t")
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
        TxnOffsetCommitResponse r = c.send(new TxnOffsetCommitRequest.Builder(new TxnOffsetCommitRequestData()
                        .setTransactionalId(id)
                        .setGroupId(group)
                        .setProducerId(pid)
                        .setProducerEpoch(ep)
                        .setGenerationId(gen)
                        .setMemberId(member)
                        .setTopics(List.of(new TxnOffsetCommitRequestData.TxnOffsetCommitRequestTopic()
                                .setName("probe-t")
                                .setPartitions(List.of(new TxnOffsetCommitRequestData.TxnOffsetCommitRequestPartition()
                                        .setPartitionIndex(0)
                                        .setCommittedOffset(5))))))
                .build((short) 3));
        return r.errors().toString();
    }
}
