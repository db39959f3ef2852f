#include "amh_servant.hpp"

#include <algorithm>
#include <utility>

namespace amh_test {

Worker::Worker() : thread_([this] {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) return;
    auto job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    lock.lock();
  }
}) {}

Worker::~Worker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void Worker::post(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  changed_.notify_all();
}

void DeferredServant::later(Handler h, std::int32_t v) {
  worker_.post([h, v] { h->later(v); });
}

void DeferredServant::at_once(Handler h, std::int32_t v) { h->at_once(v); }

void DeferredServant::divide(Handler h, std::int32_t a, std::int32_t b, const std::string& note) {
  worker_.post([h, a, b, note] {
    if (b == 0) {
      h->divide_excep(AmhTest::Refused(a));
      return;
    }
    h->divide(a / b, a % b, note + "!");
  });
}

void DeferredServant::system_error(Handler h, std::int32_t v) {
  worker_.post([h, v] {
    h->system_error_excep(CORBA::BAD_PARAM(static_cast<std::uint32_t>(v),
                                           CORBA::CompletionStatus::COMPLETED_YES));
  });
}

void DeferredServant::thrown(Handler, std::int32_t v) { throw AmhTest::Refused(v); }

void DeferredServant::thrown_system(Handler, std::int32_t v) {
  throw CORBA::NO_PERMISSION(static_cast<std::uint32_t>(v), CORBA::CompletionStatus::COMPLETED_NO);
}

void DeferredServant::dropped(Handler h, std::int32_t) {
  // Dropped on the worker thread, after the upcall has returned.
  worker_.post([h]() mutable { h.reset(); });
}

void DeferredServant::twice(Handler h, std::int32_t v) {
  worker_.post([this, h, v] {
    h->twice(v);
    std::string outcome = "no exception";
    try {
      h->twice(v + 1);
    } catch (const CORBA::BAD_INV_ORDER& e) {
      outcome = "BAD_INV_ORDER " + std::to_string(e.minor());
    } catch (const CORBA::Exception& e) {
      outcome = e._rep_id();
    }
    std::lock_guard lock(mutex_);
    second_reply_ = outcome;
  });
}

void DeferredServant::second_reply(Handler h) {
  std::lock_guard lock(mutex_);
  h->second_reply(second_reply_);
}

void DeferredServant::gather(Handler h, std::int32_t v, std::int32_t n) {
  std::vector<std::pair<Handler, std::int32_t>> all;
  {
    std::lock_guard lock(mutex_);
    held_.emplace_back(std::move(h), v);
    if (static_cast<std::int32_t>(held_.size()) < n) return;
    all.swap(held_);
  }
  worker_.post([all = std::move(all)] {
    for (auto it = all.rbegin(); it != all.rend(); ++it) it->first->gather(it->second);
  });
}

void DeferredServant::note(Handler h, std::int32_t token) {
  worker_.post([this, h, token] {
    {
      std::lock_guard lock(mutex_);
      last_note_ = token;
    }
    h->note();
  });
}

void DeferredServant::last_note(Handler h) {
  std::lock_guard lock(mutex_);
  h->last_note(last_note_);
}

void DeferredServant::value(Handler h) {
  worker_.post([this, h] {
    std::int32_t v = 0;
    {
      std::lock_guard lock(mutex_);
      v = value_;
    }
    h->get_value(v);
  });
}

void DeferredServant::value(Handler h, std::int32_t v) {
  worker_.post([this, h, v] {
    {
      std::lock_guard lock(mutex_);
      value_ = v;
    }
    h->set_value();
  });
}

}  // namespace amh_test
