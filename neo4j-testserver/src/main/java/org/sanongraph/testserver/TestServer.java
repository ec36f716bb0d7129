package org.sanongraph.testserver;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.neo4j.cli.AdminTool;
import org.neo4j.cli.ExecutionContext;
import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.ConnectorPortRegister;
import org.neo4j.configuration.connectors.ConnectorType;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.config.Setting;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.kernel.internal.Version;

/**
 * A Neo4j Community DBMS for tests: Bolt on 127.0.0.1 with auth on, nothing else.
 *
 * <p>Protocol with the launcher (testserver.py): the password comes from the environment
 * variable NEO4J_TESTSERVER_PASSWORD (argv is visible to every user in ps); when Bolt is
 * ready two lines go to stdout, "BOLT bolt://127.0.0.1:PORT" and "VERSION x.y.z"; the
 * server stops when stdin reaches EOF (so it dies with its parent) or on SIGTERM/SIGINT.
 * Everything else, Neo4j's own output included, goes to stderr or to logs/ in the data
 * directory, so stdout stays a clean protocol channel.
 *
 * <p>It uses the embedded DatabaseManagementServiceBuilder that neo4j-harness wraps, not the
 * harness itself: that gives a fixed directory layout (the one neo4j-admin import writes) and
 * no HTTP server at all, which also makes start-up faster.
 */
public final class TestServer {
    private static final String USAGE = String.join("\n",
            "usage: TestServer [--data-dir DIR] [--port N] [--pagecache SIZE] [--tx-memory SIZE]",
            "                  [--import-from DIR --import-args 'database import full ... neo4j']",
            "  password: environment variable NEO4J_TESTSERVER_PASSWORD (never an argument)",
            "  --data-dir   Neo4j home for data, conf and logs (default: a temporary directory, removed at exit)",
            "  --port       Bolt port on 127.0.0.1, 0 = any free port (default 0)",
            "  --pagecache  page cache size, e.g. 256m (default 256m)",
            "  --tx-memory  memory for all running transactions, e.g. 256m (default 256m)",
            "  --import-from/--import-args  run `neo4j-admin ARGS` (only `database import ...`) into the",
            "               fresh data directory before start; relative CSV names resolve in --import-from");

    private static DatabaseManagementService dbms;
    private static Path tempHome;

    public static void main(String[] argv) throws Exception {
        long t0 = System.nanoTime();
        // The protocol lines are the only thing allowed on the real stdout.
        PrintStream protocol = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        System.setOut(System.err);

        Path home = null;
        int port = 0;
        String pagecache = "256m";
        String txMemory = "256m";
        Path importFrom = null;
        String importArgs = null;
        for (int i = 0; i < argv.length; i++) {
            String a = argv[i];
            if (a.equals("-h") || a.equals("--help")) {
                System.err.println(USAGE);
                return;
            }
            if (i + 1 >= argv.length) {
                fail("missing value for " + a + "\n" + USAGE);
            }
            String v = argv[++i];
            switch (a) {
                case "--data-dir" -> home = Path.of(v).toAbsolutePath();
                case "--port" -> port = Integer.parseInt(v);
                case "--pagecache" -> pagecache = v;
                case "--tx-memory" -> txMemory = v;
                case "--import-from" -> importFrom = Path.of(v).toAbsolutePath();
                case "--import-args" -> importArgs = v;
                default -> fail("unknown option " + a + "\n" + USAGE);
            }
        }
        String password = System.getenv("NEO4J_TESTSERVER_PASSWORD");
        if (password == null || password.isEmpty()) {
            fail("set the password in the environment variable NEO4J_TESTSERVER_PASSWORD");
        }
        if ((importFrom == null) != (importArgs == null)) {
            fail("--import-from and --import-args go together");
        }
        if (home == null) {
            tempHome = Files.createTempDirectory("neo4j-testserver-");
            home = tempHome;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(TestServer::stop, "testserver-shutdown"));

        if (importArgs != null) {
            runImport(home, importFrom, importArgs, pagecache);
        }

        // A new store gets the password the way `neo4j-admin dbms set-initial-password` gives it:
        // the system database, when it is created, makes user neo4j from data/dbms/auth.ini with
        // this password and no change required. That saves the first administration command's
        // Cypher compilation (3-5 s). A store from an earlier run gets it by ALTER USER instead.
        boolean fresh = !Files.exists(home.resolve("data/databases/system"));
        if (fresh) {
            adminTool(home, "dbms", "set-initial-password", password);
        }
        long tStart = System.nanoTime();
        dbms = new DatabaseManagementServiceBuilder(home).setConfig(config(port, pagecache, txMemory)).build();
        GraphDatabaseService system = dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME);
        if (!dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME).isAvailable(60_000)) {
            fail("database neo4j did not become available");
        }
        if (!fresh) {
            // a parameter, so the password is in no query text or log
            system.executeTransactionally(
                    "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED", Map.of("password", password));
        }
        String version = Version.getNeo4jVersion();
        int boltPort = ((GraphDatabaseAPI) system)
                .getDependencyResolver()
                .resolveDependency(ConnectorPortRegister.class)
                .getLocalAddress(ConnectorType.BOLT)
                .getPort();
        System.err.printf("testserver: Neo4j %s ready on 127.0.0.1:%d after %d ms (DBMS start %d ms)%n",
                version, boltPort, (System.nanoTime() - t0) / 1_000_000, (System.nanoTime() - tStart) / 1_000_000);
        protocol.println("BOLT bolt://127.0.0.1:" + boltPort);
        protocol.println("VERSION " + version);

        // Serve until the launcher closes our stdin (or dies, which closes it too).
        while (System.in.read() >= 0) {
            // input is ignored; only EOF matters
        }
        System.exit(0); // runs the shutdown hook
    }

    private static Map<Setting<?>, Object> config(int port, String pagecache, String txMemory) {
        Map<Setting<?>, Object> config = new HashMap<>();
        config.put(BoltConnector.enabled, true);
        config.put(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port));
        config.put(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED);
        config.put(GraphDatabaseSettings.auth_enabled, true);
        config.put(GraphDatabaseSettings.pagecache_memory, bytes(pagecache));
        config.put(GraphDatabaseSettings.memory_transaction_global_max_size, bytes(txMemory));
        // no phone-home from a test server (and no network to reach anyway)
        config.put(GraphDatabaseSettings.udc_enabled, false);
        // Netty waits a 5 s quiet period per event loop group on shutdown (10 s in all);
        // Neo4j's own test builders set it to 0. An int in 5.x, a Duration in 2025+.
        Setting<?> quiet = GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period;
        config.put(quiet, quiet.defaultValue() instanceof Duration ? Duration.ZERO : (Object) 0);
        // the multi-page environment dump in debug.log costs start-up time and says nothing here
        config.put(GraphDatabaseInternalSettings.dump_diagnostics, false);
        return config;
    }

    private static synchronized void stop() {
        if (dbms != null) {
            dbms.shutdown();
            dbms = null;
        }
        if (tempHome != null) {
            deleteTree(tempHome);
            tempHome = null;
        }
    }

    /**
     * Runs Neo4j's own admin CLI (org.neo4j.cli.AdminTool, the code behind the neo4j-admin
     * script) in this JVM with HOME as the Neo4j home, so `database import full ... neo4j`
     * writes the store that the DBMS started afterwards serves.
     */
    private static void runImport(Path home, Path importFrom, String importArgs, String memory) throws IOException {
        List<String> args = tokenize(importArgs);
        if (!args.isEmpty() && args.get(0).equals("neo4j-admin")) {
            args.remove(0); // accept the whole line from import-command.txt too
        }
        if (args.size() < 3 || !args.get(0).equals("database") || !args.get(1).equals("import")) {
            fail("--import-args must be a `database import full|incremental ...` command, got: " + importArgs);
        }
        args = resolvePaths(args, importFrom);
        // After the subcommand; options the caller gave win (they are not overridden).
        if (args.stream().noneMatch(a -> a.startsWith("--report-file"))) {
            // neo4j-admin writes import.report into its working directory by default
            args.add(3, "--report-file=" + home.resolve("logs/import.report"));
        }
        if (args.stream().noneMatch(a -> a.startsWith("--max-off-heap-memory"))) {
            // the default is 90% of free RAM; a test import is small
            args.add(3, "--max-off-heap-memory=" + memory);
        }
        Files.createDirectories(home.resolve("logs"));
        adminTool(home, args.toArray(String[]::new));
    }

    /**
     * Makes relative paths in the import options absolute against DIR: neo4j-admin resolves
     * them against its working directory, and a JVM cannot change its own. --nodes and
     * --relationships take [LABELS_OR_TYPE=]FILE[,FILE...]; the others a single path.
     */
    static List<String> resolvePaths(List<String> args, Path dir) {
        List<String> groupOptions = List.of("--nodes", "--relationships");
        List<String> pathOptions = List.of("--schema", "--report-file", "--additional-config", "--temp-path");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String opt = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            boolean group = groupOptions.contains(opt);
            if (!group && !pathOptions.contains(opt)) {
                out.add(a);
                continue;
            }
            String value = a.contains("=") ? a.substring(opt.length() + 1) : i + 1 < args.size() ? args.get(++i) : "";
            String key = "";
            if (group && value.indexOf('=') >= 0) {
                key = value.substring(0, value.indexOf('=') + 1);
                value = value.substring(key.length());
            }
            List<String> files = new ArrayList<>();
            for (String f : group ? value.split(",") : new String[] {value}) {
                boolean keep = f.isEmpty() || f.contains("://") || Path.of(f).isAbsolute();
                files.add(keep ? f : dir.resolve(f).toString());
            }
            out.add(opt + "=" + key + String.join(",", files));
        }
        return out;
    }

    private static void adminTool(Path home, String... args) throws IOException {
        Path conf = home.resolve("conf");
        Files.createDirectories(conf);
        if (!Files.exists(conf.resolve("neo4j.conf"))) {
            Files.writeString(conf.resolve("neo4j.conf"), "");
        }
        // The tools print progress; stderr keeps it off the protocol channel.
        int rc = AdminTool.execute(new ExecutionContext(home, conf, System.err, System.err,
                new org.neo4j.io.fs.DefaultFileSystemAbstraction()), args);
        if (rc != 0) {
            fail("neo4j-admin " + args[0] + " " + args[1] + " failed with exit code " + rc);
        }
    }

    /** Splits like a POSIX shell does for words and '...'/"..." quotes (no expansions). */
    static List<String> tokenize(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < s.length() && "\"\\$`".indexOf(s.charAt(i + 1)) >= 0) {
                    cur.append(s.charAt(++i));
                } else {
                    cur.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < s.length()) {
                cur.append(s.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    inWord = false;
                }
            } else {
                cur.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            fail("unbalanced quote in --import-args");
        }
        if (inWord) {
            out.add(cur.toString());
        }
        return out;
    }

    /** "256m" -> bytes; the suffixes neo4j.conf accepts (k, m, g, with or without b/ib). */
    static long bytes(String size) {
        String s = size.trim().toLowerCase().replaceAll("i?b$", "");
        long unit = 1;
        if (s.endsWith("k")) unit = 1L << 10;
        else if (s.endsWith("m")) unit = 1L << 20;
        else if (s.endsWith("g")) unit = 1L << 30;
        try {
            return Long.parseLong(unit == 1 ? s : s.substring(0, s.length() - 1).trim()) * unit;
        } catch (NumberFormatException e) {
            fail("not a size: " + size + " (e.g. 256m, 1g)");
            return 0;
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not remove " + root + ": " + e);
        }
    }

    private static void fail(String message) {
        System.err.println("testserver: " + message);
        System.exit(2);
    }
}
