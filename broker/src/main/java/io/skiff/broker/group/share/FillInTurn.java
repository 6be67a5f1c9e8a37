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
package io.skiff.broker.group.share;

import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The last step of both share assignments (one topic at a time, or all topics at once): the partitions with fewer
 * than {@code sharing} members go to the members that still want more, taken in turn; a partition that none of
 * them can take (they all have it) stays short.
 *
 * <p>Not thread-safe: used by one assignment run.
 */
final class FillInTurn {
    /** Gives a partition to a member. */
    interface Give<P> {
        /** Records that {@code member} takes {@code partition}; true once the member has all it should have. */
        boolean give(int member, P partition);
    }

    private FillInTurn() {}

    /**
     * @param membersOf each partition's members before this step
     * @param unfilled the members that want more; each is removed once {@code give} says it is full
     */
    static <P> void fill(Map<P, Set<Integer>> membersOf, Set<Integer> unfilled, int sharing, Give<P> give) {
        Iterator<Integer> turn = unfilled.iterator();
        boolean assignedThisTurn = false;
        for (Map.Entry<P, Set<Integer>> e : membersOf.entrySet()) {
            Set<Integer> members = e.getValue();
            int toMake = sharing - members.size();
            while (toMake > 0 && !unfilled.isEmpty()) {
                if (!turn.hasNext()) {
                    if (!assignedThisTurn) {
                        break;
                    }
                    turn = unfilled.iterator();
                    assignedThisTurn = false;
                }
                int member = turn.next();
                if (!members.contains(member)) {
                    toMake--;
                    assignedThisTurn = true;
                    if (give.give(member, e.getKey())) {
                        turn.remove();
                    }
                }
            }
            if (unfilled.isEmpty()) {
                break;
            }
        }
    }
}
