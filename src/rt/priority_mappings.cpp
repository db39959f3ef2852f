#include "rt/priority_mappings.hpp"

namespace rtorb::rt {
namespace {

using RTCORBA::NativePriority;
using RTCORBA::Priority;

bool valid(Priority p) noexcept { return p >= RTCORBA::minPriority; }  // max is the type's

class DirectMapping final : public RTCORBA::PriorityMapping {
 public:
  explicit DirectMapping(NativeRange range) noexcept : range_(range) {}
  bool to_native(Priority p, NativePriority& native) override {
    if (!valid(p) || p < range_.min || p > range_.max) return false;
    native = p;
    return true;
  }
  bool to_CORBA(NativePriority native, Priority& p) override {
    if (native < range_.min || native > range_.max || native < 0) return false;
    p = native;
    return true;
  }

 private:
  NativeRange range_;
};

class ContinuousMapping final : public RTCORBA::PriorityMapping {
 public:
  explicit ContinuousMapping(NativeRange range) noexcept : range_(range) {}
  bool to_native(Priority p, NativePriority& native) override {
    if (!valid(p) || range_.min + p > range_.max) return false;
    native = static_cast<NativePriority>(range_.min + p);
    return true;
  }
  bool to_CORBA(NativePriority native, Priority& p) override {
    if (native < range_.min || native > range_.max) return false;
    p = static_cast<Priority>(native - range_.min);
    return true;
  }

 private:
  NativeRange range_;
};

class LinearMapping final : public RTCORBA::PriorityMapping {
 public:
  explicit LinearMapping(NativeRange range) noexcept : range_(range) {}
  bool to_native(Priority p, NativePriority& native) override {
    if (!valid(p)) return false;
    const long span = range_.max - range_.min;
    native = static_cast<NativePriority>(range_.min + p * span / RTCORBA::maxPriority);
    return true;
  }
  // The lowest CORBA priority that maps onto `native`, so that to_native(to_CORBA(n)) == n.
  bool to_CORBA(NativePriority native, Priority& p) override {
    if (native < range_.min || native > range_.max) return false;
    const long span = range_.max - range_.min;
    if (span == 0) {
      p = 0;
      return true;
    }
    const long offset = native - range_.min;
    p = static_cast<Priority>((offset * RTCORBA::maxPriority + span - 1) / span);
    return true;
  }

 private:
  NativeRange range_;
};

}  // namespace

std::shared_ptr<RTCORBA::PriorityMapping> make_priority_mapping(std::string_view name,
                                                                NativeRange range) {
  if (name == "direct") return std::make_shared<DirectMapping>(range);
  if (name == "continuous") return std::make_shared<ContinuousMapping>(range);
  if (name == "linear") return std::make_shared<LinearMapping>(range);
  return nullptr;
}

}  // namespace rtorb::rt
