// Code with every mistake error_model_check.cmake must find.
void f() {
  raise<CORBA::MARSHAL>(minor::marshal_first, "fine");
  raise<CORBA::TRANSIENT>(minor::transient_same_number, "fine");
  raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_activator_failed, "fine");
  raise<CORBA::DATA_CONVERSION>(minor::data_conversion_char, "fine");
  raise<CORBA::CODESET_INCOMPATIBLE>(minor::data_conversion_char, "wrong exception");
  raise<CORBA::INTERNAL>(
      0, "bare zero");
  throw CORBA::UNKNOWN(minor::marshal_first, CORBA::CompletionStatus::COMPLETED_MAYBE);
}
