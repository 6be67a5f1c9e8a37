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
package io.skiff.broker.group.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.group.streams.StickyTaskAssignor.MemberSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The sticky assignor's use of the state members hold, as Kafka 4.4's StickyTaskAssignor ranks it. */
class StickyTaskAssignorTest {
    private static Tasks tasks(Integer... partitions) {
        return new Tasks(Map.of("0", Set.of(partitions)));
    }

    private static TaskAssignment had(Tasks active, Tasks standby) {
        return new TaskAssignment(active, standby, Tasks.EMPTY);
    }

    @Test
    void activeTaskWithoutItsOwnerGoesToItsPreviousStandby() {
        // a (which had task 0) left; b kept a standby of task 0, c did not.
        List<MemberSpec> members = List.of(
                new MemberSpec("c", "pc", had(tasks(2), Tasks.EMPTY)),
                new MemberSpec("b", "pb", had(tasks(1), tasks(0))));

        Map<String, TaskAssignment> out = StickyTaskAssignor.assign(Map.of("0", 3), Set.of("0"), members, 0);

        assertEquals(tasks(0, 1), out.get("b").active());
        assertEquals(tasks(2), out.get("c").active());
    }

    @Test
    void restartedMembersGetTheTasksTheyReportTheMostStateFor() {
        // Fresh member ids after a restart: no previous tasks, only the offset sums of the state on their disks.
        List<MemberSpec> members = List.of(
                new MemberSpec("d", "pd", TaskAssignment.EMPTY, Map.of("0", Map.of(0, 100L, 1, 900L))),
                new MemberSpec("e", "pe", TaskAssignment.EMPTY, Map.of("0", Map.of(0, 500L, 1, 50L))));

        Map<String, TaskAssignment> out = StickyTaskAssignor.assign(Map.of("0", 2), Set.of("0"), members, 1);

        assertEquals(tasks(0), out.get("e").active());
        assertEquals(tasks(1), out.get("d").active());
        assertEquals(tasks(0), out.get("d").standby());
        assertEquals(tasks(1), out.get("e").standby());
    }

    @Test
    void standbyGoesToThePreviousStandbyFirstThenToTheMostCaughtUpProcess() {
        TaskAssignment none = had(Tasks.EMPTY, Tasks.EMPTY);
        MemberSpec owner = new MemberSpec("a", "pa", had(tasks(0), Tasks.EMPTY));
        MemberSpec behind = new MemberSpec("b", "pb", none, Map.of("0", Map.of(0, 10L)));
        MemberSpec ahead = new MemberSpec("c", "pc", none, Map.of("0", Map.of(0, 1000L)));
        MemberSpec prevStandby = new MemberSpec("s", "ps", had(Tasks.EMPTY, tasks(0)), Map.of("0", Map.of(0, 5L)));

        Map<String, TaskAssignment> byOffsets =
                StickyTaskAssignor.assign(Map.of("0", 1), Set.of("0"), List.of(owner, behind, ahead), 1);
        assertEquals(tasks(0), byOffsets.get("c").standby());
        assertEquals(Tasks.EMPTY, byOffsets.get("b").standby());

        Map<String, TaskAssignment> withPrevious =
                StickyTaskAssignor.assign(Map.of("0", 1), Set.of("0"), List.of(owner, behind, ahead, prevStandby), 1);
        assertEquals(tasks(0), withPrevious.get("s").standby());
        assertEquals(tasks(0), withPrevious.get("a").active());
    }
}
