// ObjectTable and the IORTable::Table object users bind through.
#include "orb/object_table.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <mutex>

#include "orb/orb_core.hpp"

namespace rtorb::orb {

void ObjectTable::bind(std::string key, CORBA::object_reference<CORBA::Object> object,
                       bool replace) {
  std::unique_lock lock(mutex_);
  auto [it, added] = entries_.try_emplace(std::move(key), object);
  if (added) return;
  if (!replace) throw IORTable::AlreadyBound();
  it->second = std::move(object);
}

void ObjectTable::unbind(std::string_view key) {
  CORBA::object_reference<CORBA::Object> gone;  // released after the lock
  std::unique_lock lock(mutex_);
  const auto it = entries_.find(key);
  if (it == entries_.end()) throw IORTable::NotFound();
  gone = std::move(it->second);
  entries_.erase(it);
}

CORBA::object_reference<CORBA::Object> ObjectTable::find(std::span<const std::uint8_t> key) const {
  const std::string_view text(reinterpret_cast<const char*>(key.data()), key.size());
  std::shared_lock lock(mutex_);
  const auto it = entries_.find(text);
  return it == entries_.end() ? nullptr : it->second;
}

void ObjectTable::clear() noexcept {
  decltype(entries_) gone;
  std::unique_lock lock(mutex_);
  gone.swap(entries_);
  lock.unlock();  // the references may release ORBs: outside the lock
}

namespace {

class IorTable final : public IORTable::Table {
 public:
  explicit IorTable(std::weak_ptr<OrbContext> orb) : orb_(std::move(orb)) {}

  void bind(const std::string& key, const std::string& ior) override {
    bind(key, live_orb()->references().string_to_object(ior));
  }
  void rebind(const std::string& key, const std::string& ior) override {
    rebind(key, live_orb()->references().string_to_object(ior));
  }
  void bind(const std::string& key, const CORBA::object_reference<CORBA::Object>& object) override {
    check_entry(key, object);
    live_orb()->references().object_table().bind(key, object, false);
  }
  void rebind(const std::string& key,
              const CORBA::object_reference<CORBA::Object>& object) override {
    check_entry(key, object);
    live_orb()->references().object_table().bind(key, object, true);
  }
  void unbind(const std::string& key) override {
    live_orb()->references().object_table().unbind(key);
  }
  CORBA::object_reference<CORBA::Object> find(const std::string& key) override {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(key.data());
    auto object = live_orb()->references().object_table().find({bytes, key.size()});
    if (!object) throw IORTable::NotFound();
    return object;
  }

 private:
  std::shared_ptr<OrbContext> live_orb() const {
    auto orb = orb_.lock();
    if (!orb) {
      raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_orb_destroyed,
                                     "the ORB of this IORTable is destroyed");
    }
    orb->check_alive();
    return orb;
  }
  // Refused at bind time rather than when a request would have to be forwarded to it.
  static void check_entry(const std::string& key,
                          const CORBA::object_reference<CORBA::Object>& object) {
    if (key.empty()) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_table_entry, "an IORTable key is empty");
    }
    if (!object || object->_is_local()) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_table_entry,
                              "IORTable key '" + key + "': a nil or local object cannot be published");
    }
  }

  std::weak_ptr<OrbContext> orb_;
};

}  // namespace

CORBA::object_reference<IORTable::Table> make_ior_table(const std::shared_ptr<OrbContext>& orb) {
  return CORBA::make_reference<IorTable>(orb);
}

}  // namespace rtorb::orb

namespace IORTable {

bool Table::_is_a(const std::string& repository_id) {
  return repository_id == IDL::traits<Table>::repository_id ||
         CORBA::LocalObject::_is_a(repository_id);
}

}  // namespace IORTable
