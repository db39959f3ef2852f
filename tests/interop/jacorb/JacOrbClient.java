// The JacORB client of rtorb's JacORB interop tests: calls an rtorb messaging-server
// (MessagingTest::Target, tests/integration/messaging/messaging.idl) with JacORB's own
// SyncScopePolicy and RelativeRequestTimeoutPolicy, and prints one line per command:
//
//   jacorb-messaging-client --ior-file F COMMAND...
//
//   scope none|transport|server|target  the SyncScope of the calls that follow
//   echo N | note N | hold | holding | last_note | notes   one call each
//   notes-from N K       K oneway notes N, N+1, ... (under the current scope)
//   await-holding N | await-notes N      asks until the answer is N (at most 2,000 times)
//   release                              release(), like await-*, through a second ORB (its
//                                        own connection: rtorb serves one connection's
//                                        requests one at a time, so a blocked hold() holds
//                                        up the rest of that connection)
//   patient-echo N                       echo with a 60 s RelativeRequestTimeout
//   stopped-echo PID N | stopped-note PID N   the call (under the current scope) with a
//                                        RequestEndTime 300 ms ahead, sent while process PID
//                                        (the server) is stopped (SIGSTOP), which is
//                                        continued once that time has passed
//
// Each result is printed as "<command> <value>", each exception as "<command> exception NAME
// minor 0x... completed N". Every reference has a 20 s RelativeRoundtripTimeout, so no
// call hangs. Exit status 0 unless an argument is malformed.
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Policy;
import org.omg.CORBA.SetOverrideType;
import org.omg.CORBA.SystemException;
import org.omg.Messaging.RELATIVE_REQ_TIMEOUT_POLICY_TYPE;
import org.omg.Messaging.REQUEST_END_TIME_POLICY_TYPE;
import org.omg.Messaging.RELATIVE_RT_TIMEOUT_POLICY_TYPE;
import org.omg.Messaging.SYNC_NONE;
import org.omg.Messaging.SYNC_SCOPE_POLICY_TYPE;
import org.omg.Messaging.SYNC_WITH_SERVER;
import org.omg.Messaging.SYNC_WITH_TARGET;
import org.omg.Messaging.SYNC_WITH_TRANSPORT;
import org.omg.TimeBase.UtcT;
import org.omg.TimeBase.UtcTHelper;

import MessagingTest.Target;
import MessagingTest.TargetHelper;

public final class JacOrbClient {
    private static final long TWENTY_SECONDS = 20L * 1000 * 1000 * 10;  // TimeT: 100 ns units

    private final ORB orb;
    private final Target base;
    private final Target side;  // the same object through another ORB, so another connection
    private short scope = SYNC_WITH_TRANSPORT.value;

    private JacOrbClient(ORB orb, Target base, Target side) {
        this.orb = orb;
        this.base = base;
        this.side = side;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || !args[0].equals("--ior-file")) {
            System.err.println("usage: JacOrbClient --ior-file FILE COMMAND...");
            System.exit(2);
        }
        Properties props = new Properties();
        props.setProperty("org.omg.CORBA.ORBClass", "org.jacorb.orb.ORB");
        props.setProperty("org.omg.CORBA.ORBSingletonClass", "org.jacorb.orb.ORBSingleton");
        ORB orb = ORB.init(new String[0], props);
        ORB sideOrb = ORB.init(new String[0], props);
        String ior = Files.readString(Path.of(args[1])).trim();
        JacOrbClient client = new JacOrbClient(orb, TargetHelper.narrow(orb.string_to_object(ior)),
                                               TargetHelper.narrow(sideOrb.string_to_object(ior)));
        for (int i = 2; i < args.length; ++i) {
            String command = args[i];
            String argument = needsArgument(command) ? args[++i] : null;
            String count = command.equals("notes-from") || command.startsWith("stopped-") ? args[++i] : null;
            client.run(command, argument, count);
        }
        System.out.flush();
        System.exit(0);
    }

    private static boolean needsArgument(String command) {
        return command.equals("scope") || command.equals("echo") || command.equals("note")
            || command.startsWith("await-") || command.startsWith("stopped-")
            || command.equals("patient-echo")
            || command.equals("notes-from");
    }

    private void run(String command, String argument, String count) {
        try {
            String result = call(command, argument, count);
            System.out.println(command + " " + result);
        } catch (SystemException e) {
            System.out.println(command + " " + describe(e));
        } catch (MessagingTest.DivideByZero e) {
            System.out.println(command + " exception DivideByZero");
        }
        System.out.flush();
    }

    private String call(String command, String argument, String count)
        throws MessagingTest.DivideByZero {
        Target t = scoped(0);
        switch (command) {
            case "scope":
                scope = scopeNamed(argument);
                return argument;
            case "echo": return Integer.toString(t.echo(Integer.parseInt(argument)));
            case "note": t.note(Integer.parseInt(argument)); return "sent";
            case "notes-from": {
                int first = Integer.parseInt(argument);
                for (int k = 0; k < Integer.parseInt(count); ++k) t.note(first + k);
                return "sent";
            }
            case "hold": t.hold(); return "returned";
            case "release": side.release(); return "returned";
            case "holding": return Integer.toString(t.holding());
            case "last_note": return Integer.toString(t.last_note());
            case "notes": return Integer.toString(t.notes());
            case "await-holding": return Integer.toString(await(() -> side.holding(), argument));
            case "await-notes": return Integer.toString(await(() -> side.notes(), argument));
            case "patient-echo": return Integer.toString(scoped(600_000_000L).echo(Integer.parseInt(argument)));
            case "stopped-echo": return stopped(argument, t2 -> Integer.toString(t2.echo(Integer.parseInt(count))));
            case "stopped-note": return stopped(argument, t2 -> { t2.note(Integer.parseInt(count)); return "sent"; });
            default: throw new IllegalArgumentException("unknown command " + command);
        }
    }

    private interface IntCall { int get(); }
    private interface TargetCall { String call(Target t); }

    private static int await(IntCall ask, String expectedText) {
        int expected = Integer.parseInt(expectedText);
        int seen = ask.get();
        for (int i = 0; i < 2000 && seen != expected; ++i) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            seen = ask.get();
        }
        return seen;
    }

    // 100 ns units since 15 October 1582 (TimeBase::TimeT), from the system clock, which
    // client and server share.
    private static long utcNow() {
        return System.currentTimeMillis() * 10_000L + 0x01B21DD213814000L;
    }

    private static void signal(String name, String pid) {
        try {
            new ProcessBuilder("kill", "-" + name, pid).inheritIO().start().waitFor();
        } catch (Exception e) {
            throw new IllegalStateException("kill -" + name + " " + pid + ": " + e);
        }
    }

    // Whether process `pid` is stopped (state T in /proc/PID/stat), asked at most 2,000 times.
    private static boolean awaitStopped(String pid) throws Exception {
        for (int i = 0; i < 2000; ++i) {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            if (stat.substring(stat.lastIndexOf(')') + 2).startsWith("T")) return true;
            Thread.sleep(1);
        }
        return false;
    }

    // The call leaves (from another thread) while the server is stopped, with an absolute
    // RequestEndTime 300 ms ahead; the server is continued once that time has passed on the
    // clock, so the request reaches it expired whenever it was sent. A thread too slow to
    // send before the end time is refused by JacORB itself (never sent): then it is tried
    // again.
    private String stopped(String pid, TargetCall call) {
        for (int attempt = 0; attempt < 20; ++attempt) {
            signal("STOP", pid);
            String[] outcome = new String[1];
            try {
                if (!awaitStopped(pid)) throw new IllegalStateException("server not stopped");
                long end = utcNow() + 300 * 10_000L;
                Target t = withEndTime(end);
                Thread caller = new Thread(() -> {
                    try {
                        outcome[0] = call.call(t);
                    } catch (SystemException e) {
                        outcome[0] = e.getMessage() != null && e.getMessage().contains("prior to invocation")
                            ? null : describe(e);
                    }
                });
                caller.start();
                while (utcNow() <= end + 50 * 10_000L) Thread.sleep(10);
                signal("CONT", pid);
                caller.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } catch (Exception e) {
                signal("CONT", pid);
                throw new IllegalStateException(e);
            }
            if (outcome[0] != null) return outcome[0];
        }
        return "never sent";
    }

    private Target withEndTime(long end) {
        Any value = orb.create_any();
        UtcTHelper.insert(value, new UtcT(end, 0, (short) 0, (short) 0));
        Any scopeValue = orb.create_any();
        scopeValue.insert_short(scope);
        Any roundtrip = orb.create_any();
        roundtrip.insert_ulonglong(TWENTY_SECONDS);
        try {
            return TargetHelper.narrow(base._set_policy_override(new Policy[] {
                orb.create_policy(REQUEST_END_TIME_POLICY_TYPE.value, value),
                orb.create_policy(SYNC_SCOPE_POLICY_TYPE.value, scopeValue),
                orb.create_policy(RELATIVE_RT_TIMEOUT_POLICY_TYPE.value, roundtrip)},
                SetOverrideType.ADD_OVERRIDE));
        } catch (org.omg.CORBA.PolicyError e) {
            throw new IllegalStateException("JacORB refused a policy: reason " + e.reason);
        }
    }

    // The base reference with the current SyncScope, the 20 s roundtrip bound and, when
    // requestTimeout is not 0, a RelativeRequestTimeout of that many 100 ns units.
    private Target scoped(long requestTimeout) {
        Any scopeValue = orb.create_any();
        scopeValue.insert_short(scope);
        Any roundtrip = orb.create_any();
        roundtrip.insert_ulonglong(TWENTY_SECONDS);
        Policy[] policies;
        try {
            Policy s = orb.create_policy(SYNC_SCOPE_POLICY_TYPE.value, scopeValue);
            Policy r = orb.create_policy(RELATIVE_RT_TIMEOUT_POLICY_TYPE.value, roundtrip);
            if (requestTimeout == 0) {
                policies = new Policy[] {s, r};
            } else {
                Any request = orb.create_any();
                request.insert_ulonglong(requestTimeout);
                policies = new Policy[] {s, r,
                    orb.create_policy(RELATIVE_REQ_TIMEOUT_POLICY_TYPE.value, request)};
            }
        } catch (org.omg.CORBA.PolicyError e) {
            throw new IllegalStateException("JacORB refused a policy: reason " + e.reason);
        }
        return TargetHelper.narrow(base._set_policy_override(policies, SetOverrideType.ADD_OVERRIDE));
    }

    private static short scopeNamed(String name) {
        switch (name) {
            case "none": return SYNC_NONE.value;
            case "transport": return SYNC_WITH_TRANSPORT.value;
            case "server": return SYNC_WITH_SERVER.value;
            case "target": return SYNC_WITH_TARGET.value;
            default: throw new IllegalArgumentException("unknown scope " + name);
        }
    }

    private static String describe(SystemException e) {
        String name = e.getClass().getName();
        name = name.substring(name.lastIndexOf('.') + 1);
        return String.format("exception %s minor 0x%08x completed %d", name, e.minor, e.completed.value());
    }
}
