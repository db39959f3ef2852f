// ProxyBase: the state rules every proxy follows.
#include "proxies.hpp"

#include <rtorb/corba/raise.hpp>
#include <rtorb/cosevent/minor_code.hpp>

#include "admins.hpp"

namespace rtorb::cosevent {

void ProxyBase::require_idle_locked() const {
  switch (state_.load()) {
    case State::idle:
      return;
    case State::connected:
      throw CosEventChannelAdmin::AlreadyConnected();
    case State::disconnected:
      raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_proxy_disconnected,
                                     "this proxy's connection has ended; obtain a new one");
  }
}

bool ProxyBase::end() {
  const State was = state_.exchange(State::disconnected);
  if (was == State::disconnected) return false;
  if (auto core = core_.lock()) core->retire(object_id());
  return was == State::connected;
}

std::shared_ptr<ChannelCore> ProxyBase::core() const { return lock_core(core_); }

}  // namespace rtorb::cosevent
