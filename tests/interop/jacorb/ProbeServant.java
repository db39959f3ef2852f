// JacOrbInterop::Probe as jacorb.idl's comments say. JacORB dispatches requests from a pool
// of threads, so every piece of state is guarded by a monitor: the notes by the servant's,
// the holds by one latch every servant shares, so that release() on the RootPOA's Probe
// frees a hold() that blocks the single thread of the ordered POA's Probe.
import java.util.ArrayList;
import java.util.List;

import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.IntHolder;
import org.omg.CORBA.NO_PERMISSION;
import org.omg.CORBA.ORB;
import org.omg.CORBA.StringHolder;

import JacOrbInterop.ProbePOA;
import JacOrbInterop.Refused;

final class ProbeServant extends ProbePOA {
    private final ORB orb;
    private final List<Integer> notes = new ArrayList<>();
    private static final Object LATCH = new Object();
    private static int held;
    private static int holdsDone;
    private static boolean released;

    ProbeServant(ORB orb) {
        this.orb = orb;
    }

    @Override public int cube(int v) { return v * v * v; }

    @Override public String echo_string(String s) { return s; }

    @Override public int add(int a, IntHolder b, IntHolder sum, StringHolder text) {
        sum.value = a + b.value;
        b.value = a * 2;
        text.value = text.value + "!";
        return sum.value;
    }

    @Override public void refuse(int code) throws Refused {
        throw new Refused(code, "refused " + code);
    }

    @Override public void fail(int minor) {
        throw new NO_PERMISSION(minor, CompletionStatus.COMPLETED_YES);
    }

    // A release() lets the holds blocked now return; later holds block again.
    @Override public void hold() {
        synchronized (LATCH) {
            ++held;
            released = false;
            while (!released) {
                try {
                    LATCH.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            --held;
            ++holdsDone;
        }
    }

    @Override public int held() {
        synchronized (LATCH) {
            return held;
        }
    }

    @Override public int holds_done() {
        synchronized (LATCH) {
            return holdsDone;
        }
    }

    @Override public void release() {
        synchronized (LATCH) {
            released = true;
            LATCH.notifyAll();
        }
    }

    @Override public synchronized void note(int token) { notes.add(token); }

    @Override public synchronized int notes() { return notes.size(); }

    @Override public synchronized boolean notes_in_order() {
        for (int i = 1; i < notes.size(); ++i) {
            if (notes.get(i) != notes.get(i - 1) + 1) return false;
        }
        return true;
    }

    @Override public synchronized int last_note() {
        return notes.isEmpty() ? 0 : notes.get(notes.size() - 1);
    }

    @Override public int sleep_ms(int ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return ms;
    }

    @Override public void shutdown() {
        // Not from the upcall's thread: shutdown(true) there would wait for this very request.
        new Thread(() -> orb.shutdown(true)).start();
    }
}
