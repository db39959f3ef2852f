// Parser and semantic tests, one or more per IDL construct, checked through the AST dump.
#include <gtest/gtest.h>

#include "idl_test_support.hpp"

using rtorb::idl::test::compile;

namespace {

void expect_dump(const std::string& idl, const std::string& dump) {
  const auto result = compile(idl);
  EXPECT_TRUE(result.ok) << result.diagnostics;
  EXPECT_EQ(result.dump, dump);
}

}  // namespace

TEST(IdlParser, ReopensModules) {
  expect_dump("module M { typedef long A; };\nmodule M { typedef A B; };\n",
              "module M  [IDL:M:1.0]\n  typedef long A  [IDL:M/A:1.0]\n"
              "module M  [IDL:M:1.0]\n  typedef ::M::A B  [IDL:M/B:1.0]\n");
}
TEST(IdlParser, PragmaPrefixAppliesUntilTheEndOfItsScope) {
  expect_dump("module M {\n#pragma prefix \"p.org\"\n typedef long A; };\ntypedef long B;\n",
              "module M  [IDL:M:1.0]\n  typedef long A  [IDL:p.org/A:1.0]\ntypedef long B  [IDL:B:1.0]\n");
}
TEST(IdlParser, PragmaIdAndVersionOverrideTheDefault) {
  expect_dump("typedef long A;\n#pragma ID A \"LOCAL:a\"\ntypedef long B;\n#pragma version B 2.4\n",
              "typedef long A  [LOCAL:a]\ntypedef long B  [IDL:B:2.4]\n");
}
TEST(IdlParser, PragmasNameEscapedIdentifiersWithTheirUnderscore) {
  expect_dump("struct _struct { long x; };\n#pragma ID _struct \"IDL:x/s:1.0\"\n"
              "module _module { typedef long _typedef; };\n#pragma version _module::_typedef 3.1\n"
              "#pragma ID ::_module \"LOCAL:m\"\n",
              "struct struct  [IDL:x/s:1.0]\n  long x  [IDL:struct/x:1.0]\n"
              "module module  [LOCAL:m]\n  typedef long typedef  [IDL:module/typedef:3.1]\n");
  expect_dump("#pragma prefix \"p.org\"\ninterface _interface { void _oneway(); };\n#pragma version _interface 2.0\n",
              "interface interface  [IDL:p.org/interface:2.0]\n  void oneway()  [IDL:p.org/interface/oneway:1.0]\n");
}
TEST(IdlParser, TypeIdAndTypePrefixDeclarations) {
  expect_dump("module M { typeprefix M \"x.com\"; typedef long A; typeid A \"IDL:a:1.0\"; typedef long B; };\n",
              "module M  [IDL:x.com/M:1.0]\n  typedef long A  [IDL:a:1.0]\n  typedef long B  [IDL:x.com/M/B:1.0]\n");
}
TEST(IdlParser, AllBasicTypes) {
  const auto result = compile(
      "struct S { short a; unsigned short b; long c; unsigned long d; long long e;\n"
      "unsigned long long f; float g; double h; long double i; char j; wchar k; boolean l;\n"
      "octet m; any n; Object o; ValueBase p; TypeCode q; string r; wstring<4> s; fixed<5,2> t; };\n");
  EXPECT_TRUE(result.ok) << result.diagnostics;
  for (const char* name : {"unsigned long long f", "long double i", "wchar k", "Object o", "ValueBase p",
                           "TypeCode q", "wstring<4> s", "fixed<5, 2> t"}) {
    EXPECT_NE(result.dump.find(name), std::string::npos) << name;
  }
}
TEST(IdlParser, TypedefWithSeveralDeclaratorsAndArrays) {
  expect_dump("typedef long A, B[2][3];\n",
              "typedef long A  [IDL:A:1.0]\ntypedef long[2][3] B  [IDL:B:1.0]\n");
}
TEST(IdlParser, SequencesBoundedUnboundedAndRecursive) {
  expect_dump("struct Node { sequence<Node> kids; sequence<long, 4> v; };\n",
              "struct Node  [IDL:Node:1.0]\n  sequence<::Node> kids  [IDL:Node/kids:1.0]\n"
              "  sequence<long, 4> v  [IDL:Node/v:1.0]\n");
}
TEST(IdlParser, UnionWithEnumDiscriminatorAndDefault) {
  expect_dump("enum E { a, b, c };\nunion U switch (E) { case a: case b: long x; default: string s; };\n",
              "enum E { a, b, c }  [IDL:E:1.0]\nunion U switch (::E)  [IDL:U:1.0]\n"
              "  case ::a: case ::b: long x  [IDL:U/x:1.0]\n  default: string s  [IDL:U/s:1.0]\n");
}
TEST(IdlParser, UnionDiscriminatorKinds) {
  const auto result = compile(
      "union A switch (char) { case 'a': long x; };\nunion B switch (boolean) { case TRUE: long x; };\n"
      "union C switch (unsigned long long) { case 18446744073709551615: long x; };\n"
      "typedef short Sh; union D switch (Sh) { case -1: long x; };\n");
  EXPECT_TRUE(result.ok) << result.diagnostics;
}
TEST(IdlParser, ConstantExpressions) {
  expect_dump("const long A = (1 << 4) | 3;\nconst long B = -A * 2 % 7;\nconst unsigned long long C = 0xFFFFFFFFFFFFFFFF;\n"
              "const double D = 1.5e3 / 2;\nconst fixed F = 1.25d * 2.0d;\nconst string S = \"a\" \"b\";\n"
              "const char H = '\\x41';\nconst wchar W = L'\\u20ac';\nenum E { e1, e2 };\nconst E X = e2;\nconst boolean T = TRUE;\n"
              "const long O = 017;\n",
              "const long A = 19  [IDL:A:1.0]\nconst long B = -3  [IDL:B:1.0]\n"
              "const unsigned long long C = 18446744073709551615  [IDL:C:1.0]\n"
              "const double D = 750  [IDL:D:1.0]\nconst fixed<0, 0> F = 2.5d  [IDL:F:1.0]\n"
              "const string S = \"ab\"  [IDL:S:1.0]\nconst char H = 'A'  [IDL:H:1.0]\n"
              "const wchar W = L'\\u8364'  [IDL:W:1.0]\nenum E { e1, e2 }  [IDL:E:1.0]\n"
              "const ::E X = ::e2  [IDL:X:1.0]\nconst boolean T = TRUE  [IDL:T:1.0]\nconst long O = 15  [IDL:O:1.0]\n");
}
TEST(IdlParser, InterfacesForwardAbstractLocalAndMultipleInheritance) {
  expect_dump("interface F;\nabstract interface A { };\nlocal interface L { };\ninterface B { void f(); };\n"
              "interface C : A, B { };\ninterface F : C { };\n",
              "forward interface F  [IDL:F:1.0]\nabstract interface A  [IDL:A:1.0]\nlocal interface L  [IDL:L:1.0]\n"
              "interface B  [IDL:B:1.0]\n  void f()  [IDL:B/f:1.0]\ninterface C : ::A, ::B  [IDL:C:1.0]\n"
              "interface F : ::C  [IDL:F:1.0]\n");
}
TEST(IdlParser, OperationsAttributesAndExceptions) {
  expect_dump("exception E { string why; };\ninterface I {\n"
              "  readonly attribute long r raises (E);\n  attribute short w getraises (E) setraises (E);\n"
              "  oneway void o(in long a);\n  long f(in long a, out string b, inout any c) raises (E) context (\"x\", \"y*\");\n};\n",
              "exception E  [IDL:E:1.0]\n  string why  [IDL:E/why:1.0]\ninterface I  [IDL:I:1.0]\n"
              "  readonly attribute long r getraises(::E)  [IDL:I/r:1.0]\n"
              "  attribute short w getraises(::E) setraises(::E)  [IDL:I/w:1.0]\n"
              "  oneway void o(in long a)  [IDL:I/o:1.0]\n"
              "  long f(in long a, out string b, inout any c) raises(::E) context(\"x\", \"y*\")  [IDL:I/f:1.0]\n");
}
TEST(IdlParser, EscapedIdentifiersAndNative) {
  expect_dump("native Handle;\nlocal interface _interface { void _op(in Handle h); };\n",
              "native Handle  [IDL:Handle:1.0]\nlocal interface interface  [IDL:interface:1.0]\n"
              "  void op(in ::Handle h)  [IDL:interface/op:1.0]\n");
}
TEST(IdlParser, InheritedNamesResolve) {
  const auto result = compile("interface A { typedef long T; };\ninterface B : A { void f(in T t); };\n");
  EXPECT_TRUE(result.ok) << result.diagnostics;
  EXPECT_NE(result.dump.find("void f(in ::A::T t)"), std::string::npos);
}
TEST(IdlParser, ValueTypesBoxesFactoriesAndStateMembers) {
  expect_dump("interface I {};\nvaluetype Box long;\nabstract valuetype AV {};\n"
              "valuetype V : truncatable AV supports I { public long a; private string b; factory make(in long a); };\n"
              "custom valuetype CV { };\nvaluetype Fw;\n",
              "interface I  [IDL:I:1.0]\nvaluetype Box long  [IDL:Box:1.0]\nabstract valuetype AV  [IDL:AV:1.0]\n"
              "valuetype V : truncatable ::AV supports ::I  [IDL:V:1.0]\n  public long a  [IDL:V/a:1.0]\n"
              "  private string b  [IDL:V/b:1.0]\n  factory make(in long a)  [IDL:V/make:1.0]\n"
              "custom valuetype CV  [IDL:CV:1.0]\nforward valuetype Fw  [IDL:Fw:1.0]\n");
}
TEST(IdlParser, DocCommentsAttachToTheNextDeclaration) {
  const auto result = compile("/** The answer. */\nconst long A = 42;\n/// Plain\ntypedef long B;\n// not doc\ntypedef long C;\n");
  ASSERT_TRUE(result.ok) << result.diagnostics;
  const auto& contents = result.spec->root->contents;
  EXPECT_EQ(contents[0]->doc_comment, "The answer.");
  EXPECT_EQ(contents[1]->doc_comment, "Plain");
  EXPECT_EQ(contents[2]->doc_comment, "");
}
TEST(IdlParser, KeywordsAddedAfterCorba22OnlyWarnWhenCaseDiffers) {
  const auto result = compile("typedef string EventType;\n");
  EXPECT_TRUE(result.ok);
  EXPECT_NE(result.diagnostics.find("t.idl:1:16: warning: identifier 'EventType' differs only in case"), std::string::npos);
}
TEST(IdlParser, MarksDeclarationsFromIncludedFiles) {
  const auto result = compile("# 1 \"t.idl\"\n# 1 \"inc.idl\" 1\ntypedef long A;\n# 2 \"t.idl\" 2\ntypedef A B;\n");
  ASSERT_TRUE(result.ok) << result.diagnostics;
  EXPECT_FALSE(result.spec->root->contents[0]->in_main_file);
  EXPECT_TRUE(result.spec->root->contents[1]->in_main_file);
}
