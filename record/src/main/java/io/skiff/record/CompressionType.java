package io.skiff.record;

/**
 * The compression codec of a record batch: bits 0-2 of the batch attributes. The codecs themselves are in
 * {@link Codecs}.
 *
 * <p>Thread-safety: immutable enum, safe to share.
 */
public enum CompressionType {
    NONE(0, "none"),
    GZIP(1, "gzip"),
    SNAPPY(2, "snappy"),
    LZ4(3, "lz4"),
    ZSTD(4, "zstd");

    private final int id;
    private final String label;

    CompressionType(int id, String label) {
        this.id = id;
        this.label = label;
    }

    /** The codec's id in the batch attributes. */
    public int id() {
        return id;
    }

    /** The codec's name as Kafka's {@code compression.type} setting spells it. */
    public String label() {
        return label;
    }

    /**
     * Looks a codec up by its attribute id.
     *
     * @throws CorruptRecordException for ids 5-7, which no Kafka version defines
     */
    public static CompressionType forId(int id) {
        return switch (id) {
            case 0 -> NONE;
            case 1 -> GZIP;
            case 2 -> SNAPPY;
            case 3 -> LZ4;
            case 4 -> ZSTD;
            default -> throw new CorruptRecordException("unknown compression codec id " + id);
        };
    }
}
