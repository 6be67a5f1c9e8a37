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
package io.skiff.generator;

/**
 * An inclusive range of protocol versions, as written in a schema ({@code 3+}, {@code 0-12}, {@code 5},
 * {@code none}). An open-ended range has {@code highest == Short.MAX_VALUE}. Immutable, thread-safe.
 */
public record Versions(short lowest, short highest) {
    public static final Versions NONE = new Versions((short) 1, (short) 0);
    public static final Versions ALL = new Versions((short) 0, Short.MAX_VALUE);

    /** Parses a range; throws IllegalArgumentException with a readable reason. */
    public static Versions parse(String text) {
        String t = text.trim();
        if (t.equals("none")) {
            return NONE;
        }
        try {
            if (t.endsWith("+")) {
                return new Versions(number(t.substring(0, t.length() - 1)), Short.MAX_VALUE);
            }
            int dash = t.indexOf('-');
            if (dash > 0) {
                short lo = number(t.substring(0, dash));
                short hi = number(t.substring(dash + 1));
                if (hi < lo) {
                    throw new IllegalArgumentException("bad range '" + text + "': upper bound below lower bound");
                }
                return new Versions(lo, hi);
            }
            short v = number(t);
            return new Versions(v, v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad range '" + text + "' (expected N+, N-M, N or none)");
        }
    }

    private static short number(String s) {
        int v = Integer.parseInt(s);
        if (v < 0 || v > Short.MAX_VALUE - 1) {
            throw new NumberFormatException();
        }
        return (short) v;
    }

    public boolean isEmpty() {
        return lowest > highest;
    }

    public boolean isOpenEnded() {
        return !isEmpty() && highest == Short.MAX_VALUE;
    }

    public boolean contains(int v) {
        return v >= lowest && v <= highest;
    }

    public boolean contains(Versions other) {
        return other.isEmpty() || (!isEmpty() && other.lowest >= lowest && other.highest <= highest);
    }

    public Versions intersect(Versions other) {
        short lo = (short) Math.max(lowest, other.lowest);
        short hi = (short) Math.min(highest, other.highest);
        return lo > hi ? NONE : new Versions(lo, hi);
    }

    /**
     * A Java boolean expression testing whether {@code var} is in this range, simplified against the
     * versions that can occur at all ({@code possible}).
     */
    public String condition(String var, Versions possible) {
        Versions eff = intersect(possible);
        if (eff.isEmpty()) {
            return "false";
        }
        boolean needLow = eff.lowest > possible.lowest;
        boolean needHigh = eff.highest < possible.highest;
        if (needLow && needHigh) {
            return eff.lowest == eff.highest
                    ? var + " == " + eff.lowest
                    : "(" + var + " >= " + eff.lowest + " && " + var + " <= " + eff.highest + ")";
        }
        if (needLow) {
            return var + " >= " + eff.lowest;
        }
        if (needHigh) {
            return var + " <= " + eff.highest;
        }
        return "true";
    }

    @Override
    public String toString() {
        if (isEmpty()) {
            return "none";
        }
        if (highest == Short.MAX_VALUE) {
            return lowest + "+";
        }
        return lowest == highest ? Short.toString(lowest) : lowest + "-" + highest;
    }
}
