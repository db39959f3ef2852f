#include <rtorb/orb/object_codec.hpp>

#include <rtorb/cdr/object_reference.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "client/object_core.hpp"
#include "ior/object_reference.hpp"
#include "orb/orb_core.hpp"

namespace rtorb::orb {

void write_object(cdr::OutputStream& os, const CORBA::object_reference<CORBA::Object>& object) {
  if (!object) {
    cdr::write_ior(os, cdr::IorData{});
    return;
  }
  const auto& core = core_of(*object);
  if (object->_is_local() || !core) {
    raise<CORBA::MARSHAL>(minor::marshal_local_object, "a local object cannot be marshaled");
  }
  cdr::write_ior(os, core->ior_data());
}

std::shared_ptr<ObjectCore> read_object_core(cdr::InputStream& is) {
  cdr::IorData ior = cdr::read_ior(is);
  if (ior.is_nil()) return nullptr;
  OrbContext* orb = orb_of(is);
  if (orb == nullptr) {
    raise<CORBA::MARSHAL>(minor::marshal_no_orb,
                          "object reference read from a stream that belongs to no ORB");
  }
  ior::ObjectReference reference = ior::decode_reference(ior);
  return std::make_shared<ObjectCore>(orb->shared_from_this(), std::move(reference),
                                      std::move(ior));
}

}  // namespace rtorb::orb
