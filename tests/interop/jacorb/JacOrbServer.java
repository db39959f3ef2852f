// The JacORB peer of rtorb's JacORB interop tests: serves a JacOrbInterop::Probe
// (jacorb.idl) in the RootPOA and another in a SINGLE_THREAD_MODEL POA (its requests run one
// at a time in arrival order, so it can tell whether oneways arrived in order), on
// 127.0.0.1; writes their IORs, one a line, to --ior-file through a temporary file and a
// rename, prints "ready", and runs until Probe::shutdown or a signal stops it.
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

import org.omg.CORBA.ORB;
import org.omg.CORBA.Policy;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.POAHelper;
import org.omg.PortableServer.ThreadPolicyValue;

public final class JacOrbServer {
    private JacOrbServer() {}

    public static void main(String[] args) throws Exception {
        Path iorFile = null;
        for (int i = 0; i + 1 < args.length; ++i) {
            if (args[i].equals("--ior-file")) iorFile = Path.of(args[i + 1]);
        }
        if (iorFile == null) {
            System.err.println("usage: JacOrbServer --ior-file FILE");
            System.exit(2);
        }
        Properties props = new Properties();
        props.setProperty("org.omg.CORBA.ORBClass", "org.jacorb.orb.ORB");
        props.setProperty("org.omg.CORBA.ORBSingletonClass", "org.jacorb.orb.ORBSingleton");
        props.setProperty("OAIAddr", "127.0.0.1");  // loopback only
        // JacORB refuses requests past 100 queued in a POA (TRANSIENT, OMG minor 1); the tests
        // keep 1,000 outstanding on one connection.
        props.setProperty("jacorb.poa.queue_max", "5000");
        ORB orb = ORB.init(args, props);
        POA root = POAHelper.narrow(orb.resolve_initial_references("RootPOA"));
        root.the_POAManager().activate();
        String ior = orb.object_to_string(root.servant_to_reference(new ProbeServant(orb)));
        POA ordered = root.create_POA("ordered", root.the_POAManager(), new Policy[] {
            root.create_thread_policy(ThreadPolicyValue.SINGLE_THREAD_MODEL)});
        byte[] id = ordered.activate_object(new ProbeServant(orb));  // no implicit activation
        ior += "\n" + orb.object_to_string(ordered.id_to_reference(id));

        Path partial = iorFile.resolveSibling(iorFile.getFileName() + ".partial");
        Files.write(partial, (ior + "\n").getBytes(StandardCharsets.US_ASCII));
        Files.move(partial, iorFile, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("ready");
        System.out.flush();
        orb.run();
        System.exit(0);
    }
}
