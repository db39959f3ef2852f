// Linked into the omniORB value-type peers only. omniORB's value unmarshaling never frees a
// graph with a cycle (a->b->a: the values' reference counts keep each other), so under
// AddressSanitizer its leak check would fail the omniORB side of every pairing; those leaks
// are omniORB's, not what this suite checks. Memory errors are still reported. Without a
// sanitizer this function is never called.
extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }
