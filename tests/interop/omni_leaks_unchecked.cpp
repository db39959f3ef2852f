// Linked into omniORB peers only. omniORB leaks on its own: its value unmarshaling never
// frees a graph with a cycle (a->b->a: the values' reference counts keep each other), and
// its POA manager keeps a POA it gained (omniOrbPOAManager::gain_poa) past ORB destroy. So
// under AddressSanitizer its leak check would fail the omniORB side of every pairing; those
// leaks are omniORB's, not what these suites check. Memory errors are still reported.
// Without a sanitizer this function is never called.
extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }
