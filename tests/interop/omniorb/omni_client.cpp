// omniORB peer: invokes rtorb_interop::Echo operations named on the command line.
//
//   omni_client [-ORB options] <IOR:...|corbaloc:...> <op> [arg] [<op> [arg]]...
//
// ops: echo_string TEXT | cube_long N | echo_seq COUNT | echo_wstring ASCII | ping |
//      shutdown | non_existent
// Prints one line per result ("cube_long 27", "echo_seq 100000 ok"); a CORBA exception
// prints "exception <name> minor 0x<minor> completed <n>" and exits 1; bad usage exits 2.
// echo_seq sends element i = 3 * i - 1000 (interop tests check exactly that) and verifies
// that the reply holds the same elements.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "echo.hh"

namespace {

CORBA::Long seq_element(CORBA::ULong i) { return static_cast<CORBA::Long>(3 * i) - 1000; }

bool call_echo_seq(rtorb_interop::Echo_ptr echo, const char* arg) {
  const CORBA::ULong count = static_cast<CORBA::ULong>(std::strtoul(arg, nullptr, 10));
  rtorb_interop::LongSeq sent;
  sent.length(count);
  for (CORBA::ULong i = 0; i < count; ++i) sent[i] = seq_element(i);
  rtorb_interop::LongSeq_var got = echo->echo_seq(sent);
  bool same = got->length() == count;
  for (CORBA::ULong i = 0; same && i < count; ++i) same = got[i] == sent[i];
  std::printf("echo_seq %lu %s\n", static_cast<unsigned long>(got->length()),
              same ? "ok" : "mismatch");
  return same;
}

// Only ASCII arguments: enough to see UTF-16 on the wire without locale set-up.
bool call_echo_wstring(rtorb_interop::Echo_ptr echo, const char* arg) {
  const std::size_t n = std::strlen(arg);
  CORBA::WString_var w = CORBA::wstring_alloc(static_cast<CORBA::ULong>(n));
  for (std::size_t i = 0; i <= n; ++i) w[i] = static_cast<CORBA::WChar>(arg[i]);
  CORBA::WString_var got = echo->echo_wstring(w);
  std::string narrow;
  for (const CORBA::WChar* p = got; *p != 0; ++p) narrow += static_cast<char>(*p);
  std::printf("echo_wstring %s\n", narrow.c_str());
  return true;
}

bool takes_argument(const std::string& op) {
  return op == "echo_string" || op == "cube_long" || op == "echo_seq" || op == "echo_wstring";
}

// Returns false when the result is wrong (not on exceptions, which propagate).
bool invoke(rtorb_interop::Echo_ptr echo, const std::string& op, const char* arg) {
  if (op == "echo_string") {
    CORBA::String_var got = echo->echo_string(arg);
    std::printf("echo_string %s\n", static_cast<const char*>(got));
  } else if (op == "cube_long") {
    std::printf("cube_long %ld\n", static_cast<long>(echo->cube_long(std::atoi(arg))));
  } else if (op == "echo_seq") {
    return call_echo_seq(echo, arg);
  } else if (op == "echo_wstring") {
    return call_echo_wstring(echo, arg);
  } else if (op == "ping") {
    echo->ping();
    std::printf("ping sent\n");
  } else if (op == "shutdown") {
    echo->shutdown();
    std::printf("shutdown done\n");
  } else {
    std::printf("non_existent %d\n", echo->_non_existent() ? 1 : 0);
  }
  return true;
}

int run(CORBA::ORB_ptr orb, int argc, char** argv) {
  CORBA::Object_var obj = orb->string_to_object(argv[1]);
  // Unchecked: a checked narrow would put an _is_a request on the wire first.
  rtorb_interop::Echo_var echo = rtorb_interop::Echo::_unchecked_narrow(obj);
  bool all_ok = true;
  for (int i = 2; i < argc; ++i) {
    const std::string op = argv[i];
    const char* arg = "";
    if (takes_argument(op)) arg = argv[++i];
    all_ok = invoke(echo, op, arg) && all_ok;
    std::fflush(stdout);
  }
  return all_ok ? 0 : 1;
}

bool valid_usage(int argc, char** argv) {
  if (argc < 3) return false;
  for (int i = 2; i < argc; ++i) {
    const std::string op = argv[i];
    const bool known =
        takes_argument(op) || op == "ping" || op == "shutdown" || op == "non_existent";
    if (!known || (takes_argument(op) && ++i >= argc)) return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);  // removes the -ORB options
    if (!valid_usage(argc, argv)) {
      std::fprintf(stderr, "usage: omni_client [-ORB...] <reference> <op> [arg]...\n");
      orb->destroy();
      return 2;
    }
    const int status = run(orb, argc, argv);
    orb->destroy();
    return status;
  } catch (const CORBA::SystemException& e) {
    std::printf("exception %s minor 0x%lx completed %d\n", e._name(),
                static_cast<unsigned long>(e.minor()), static_cast<int>(e.completed()));
  } catch (const CORBA::Exception& e) {
    std::printf("exception %s\n", e._name());
  }
  return 1;
}
