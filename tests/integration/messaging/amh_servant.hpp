// The AMH servant of AmhTest::Deferred, shared by amh-server and the collocated tests: a
// worker thread of its own sends the replies that come "later".
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "amhC.h"
#include "amhS.h"

namespace amh_test {

// One thread running posted jobs in order; joined (after running what is queued) by the
// destructor.
class Worker {
 public:
  Worker();
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;
  void post(std::function<void()> job);

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

class DeferredServant final : public POA::AmhTest::AMH_Deferred {
 public:
  using Handler = IDL::traits<AmhTest::AMH_DeferredResponseHandler>::ref_type;

  void later(Handler h, std::int32_t v) override;
  void at_once(Handler h, std::int32_t v) override;
  void divide(Handler h, std::int32_t a, std::int32_t b, const std::string& note) override;
  void system_error(Handler h, std::int32_t v) override;
  void thrown(Handler h, std::int32_t v) override;
  void thrown_system(Handler h, std::int32_t v) override;
  void dropped(Handler h, std::int32_t v) override;
  void twice(Handler h, std::int32_t v) override;
  void second_reply(Handler h) override;
  void gather(Handler h, std::int32_t v, std::int32_t n) override;
  void note(Handler h, std::int32_t token) override;
  void last_note(Handler h) override;
  void value(Handler h) override;
  void value(Handler h, std::int32_t v) override;

 private:
  std::mutex mutex_;
  std::string second_reply_;                             // guarded by mutex_
  std::vector<std::pair<Handler, std::int32_t>> held_;   // guarded by mutex_
  std::int32_t last_note_ = 0;                           // guarded by mutex_
  std::int32_t value_ = 0;                               // guarded by mutex_
  Worker worker_;  // last: joined first, while the state above still lives
};

}  // namespace amh_test
