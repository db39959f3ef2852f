// One test per diagnostic: the exact `file:line:column: error:` text.
#include <gtest/gtest.h>

#include "idl_test_support.hpp"

using rtorb::idl::test::compile;

namespace {

void expect_error(const std::string& idl, const std::string& first_line) {
  const auto result = compile(idl);
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.diagnostics.substr(0, result.diagnostics.find('\n')), first_line) << result.diagnostics;
}

}  // namespace

TEST(IdlDiagnostics, RendersSourceLineAndCaret) {
  const auto result = compile("struct S {\n  long x\n};\n");
  EXPECT_EQ(result.diagnostics,
            "t.idl:2:9: error: expected ';' after identifier 'x'\n  long x\n        ^\n");
}
TEST(IdlDiagnostics, RedefinitionCarriesANoteAtTheEarlierDeclaration) {
  const auto result = compile("typedef long T;\ntypedef short T;\n");
  EXPECT_NE(result.diagnostics.find("t.idl:2:15: error: redefinition of 'T'"), std::string::npos);
  EXPECT_NE(result.diagnostics.find("t.idl:1:14: note: previous declaration of 'T' is here"), std::string::npos);
}
TEST(IdlDiagnostics, ReportsSeveralErrorsPerRun) {
  const auto result = compile("typedef foo A;\ntypedef bar B;\nstruct { };\ntypedef baz C;\n");
  EXPECT_NE(result.diagnostics.find("t.idl:1:9:"), std::string::npos);
  EXPECT_NE(result.diagnostics.find("t.idl:2:9:"), std::string::npos);
  EXPECT_NE(result.diagnostics.find("t.idl:4:9:"), std::string::npos);
}
TEST(IdlDiagnostics, MapsLocationsThroughLineMarkers) {
  expect_error("# 1 \"t.idl\"\n# 7 \"user.idl\" 1\ntypedef nope X;\n", "user.idl:7:9: error: 'nope' is not declared");
}
TEST(IdlDiagnostics, CaseInsensitiveCollision) {
  expect_error("typedef long Foo;\ntypedef long foo;\n", "t.idl:2:14: error: 'foo' differs only in case from 'Foo' declared in the same scope");
}
TEST(IdlDiagnostics, IdentifierDifferingFromKeywordOnlyInCase) {
  expect_error("typedef long Struct;\n", "t.idl:1:14: error: identifier 'Struct' differs only in case from keyword 'struct' (escape it as '_Struct')");
}
TEST(IdlDiagnostics, EscapedIdentifierMustStillBeginWithALetter) {
  expect_error("typedef long __x;\n", "t.idl:1:14: error: escaped identifier '__x' does not begin with a letter after its '_'");
  expect_error("typedef long _1x;\n", "t.idl:1:14: error: escaped identifier '_1x' does not begin with a letter after its '_'");
}
TEST(IdlDiagnostics, PragmaNamingAnUndeclaredEscapedIdentifier) {
  expect_error("struct _struct { long x; };\n#pragma ID _union \"IDL:u:1.0\"\n", "t.idl:2:1: error: 'union' is not declared");
}
TEST(IdlDiagnostics, NativeAsAStructMember) {
  expect_error("native N;\nstruct S { N n; };\n",
               "t.idl:2:14: error: native type 'N' cannot be a member: a native is only a parameter, "
               "result or attribute of a local interface");
  const auto result = compile("native N;\nstruct S { N n; };\n");
  EXPECT_NE(result.diagnostics.find("t.idl:1:8: note: 'N' is declared native here"), std::string::npos) << result.diagnostics;
}
TEST(IdlDiagnostics, NativeInTheOperationsOfARemoteInterface) {
  expect_error("module M { native N; interface I { void op(in N n); }; };\n",
               "t.idl:1:49: error: native type 'M::N' cannot be a parameter of an interface that is not local: "
               "a native is only a parameter, result or attribute of a local interface");
  expect_error("native N;\ntypedef N A;\ninterface I { A op(); };\n",
               "t.idl:3:17: error: native type 'N' cannot be the result of an operation of an interface that is "
               "not local: a native is only a parameter, result or attribute of a local interface");
  expect_error("native N;\nabstract interface I { attribute N a; };\n",
               "t.idl:2:36: error: native type 'N' cannot be an attribute of an interface that is not local: "
               "a native is only a parameter, result or attribute of a local interface");
}
TEST(IdlDiagnostics, NativeInsideASequenceOrUnion) {
  expect_error("native N;\nlocal interface L { void op(in sequence<N> s); };\n",
               "t.idl:2:44: error: native type 'N' cannot be a sequence or array element: a native is only a "
               "parameter, result or attribute of a local interface");
  expect_error("native N;\ntypedef N A[2];\n",
               "t.idl:2:11: error: native type 'N' cannot be a sequence or array element: a native is only a "
               "parameter, result or attribute of a local interface");
  expect_error("native N;\nunion U switch (long) { case 1: N n; };\n",
               "t.idl:2:35: error: native type 'N' cannot be a union member: a native is only a parameter, "
               "result or attribute of a local interface");
}
TEST(IdlDiagnostics, NativeInALocalInterfaceIsAccepted) {
  const auto result = compile("native N;\ntypedef N A;\nlocal interface L { A op(in N n, out A m); attribute N x; };\n");
  EXPECT_TRUE(result.ok) << result.diagnostics;
}
TEST(IdlDiagnostics, UndeclaredName) { expect_error("typedef ::A::B C;\n", "t.idl:1:9: error: '::A::B' is not declared"); }
TEST(IdlDiagnostics, NotAType) { expect_error("const long N = 1;\ntypedef N T;\n", "t.idl:2:9: error: 'N' is not a type"); }
TEST(IdlDiagnostics, ConstOutOfRange) { expect_error("const short S = 40000;\n", "t.idl:1:17: error: value 40000 is out of range for 'short'"); }
TEST(IdlDiagnostics, ConstOctetOutOfRange) { expect_error("const octet O = 256;\n", "t.idl:1:17: error: value 256 is out of range for 'octet'"); }
TEST(IdlDiagnostics, ConstTypeMismatch) { expect_error("const boolean B = 1;\n", "t.idl:1:19: error: cannot use a integer value as a constant of type 'boolean'"); }
TEST(IdlDiagnostics, ConstMixedOperands) { expect_error("const double D = 1.0 + 'a';\n", "t.idl:1:22: error: operands of '+' have different types (floating-point and character)"); }
TEST(IdlDiagnostics, ConstOverflow) { expect_error("const unsigned long long X = 18446744073709551615 + 1;\n", "t.idl:1:51: error: integer overflow in constant expression"); }
TEST(IdlDiagnostics, ConstDivisionByZero) { expect_error("const long X = 1 / 0;\n", "t.idl:1:18: error: division by zero in constant expression"); }
TEST(IdlDiagnostics, StringConstLongerThanBound) { expect_error("const string<2> S = \"abc\";\n", "t.idl:1:21: error: string constant is longer than the bound 2"); }
TEST(IdlDiagnostics, EnumConstOfWrongEnum) {
  expect_error("enum A { a1 };\nenum B { b1 };\nconst A X = b1;\n", "t.idl:3:13: error: expected an enumerator of '::A'");
}
TEST(IdlDiagnostics, DuplicateUnionLabel) {
  expect_error("union U switch (long) { case 1: long a; case 1: short b; };\n", "t.idl:1:41: error: duplicate union label 1");
}
TEST(IdlDiagnostics, TwoDefaultLabels) {
  expect_error("union U switch (long) { default: long a; default: short b; };\n", "t.idl:1:42: error: union has more than one default label");
}
TEST(IdlDiagnostics, BadDiscriminatorType) {
  expect_error("union U switch (double) { case 1: long a; };\n", "t.idl:1:17: error: 'double' cannot discriminate a union");
}
TEST(IdlDiagnostics, OnewayMustReturnVoid) {
  expect_error("interface I { oneway long f(); };\n", "t.idl:1:27: error: oneway operation 'f' must return void");
}
TEST(IdlDiagnostics, OnewayOnlyInParameters) {
  expect_error("interface I { oneway void f(out long x); };\n", "t.idl:1:38: error: oneway operation 'f' may only have 'in' parameters");
}
TEST(IdlDiagnostics, OnewayCannotRaise) {
  expect_error("exception E {};\ninterface I { oneway void f() raises (E); };\n", "t.idl:2:27: error: oneway operation 'f' cannot raise exceptions");
}
TEST(IdlDiagnostics, RaisesNeedsAnException) {
  expect_error("struct S { long x; };\ninterface I { void f() raises (S); };\n", "t.idl:2:32: error: 'S' is not an exception");
}
TEST(IdlDiagnostics, RedefiningAnInheritedOperation) {
  expect_error("interface A { void f(); };\ninterface B : A { void f(); };\n", "t.idl:2:24: error: 'f' redefines operation '::A::f' inherited from a base");
}
TEST(IdlDiagnostics, AmbiguousInheritedName) {
  expect_error("interface A { typedef long T; };\ninterface B { typedef long T; };\ninterface C : A, B { void f(in T t); };\n",
               "t.idl:3:32: error: 'T' is ambiguous: inherited from more than one base");
}
TEST(IdlDiagnostics, ForwardOnlyInterfaceAsBase) {
  expect_error("interface A;\ninterface B : A {};\n", "t.idl:2:15: error: interface 'A' is only forward-declared and cannot be a base");
}
TEST(IdlDiagnostics, RecursionWithoutSequence) {
  expect_error("struct S { S next; };\n", "t.idl:1:12: error: 'S' is incomplete here; recursion needs a sequence");
}
TEST(IdlDiagnostics, ForwardStructNeverDefined) {
  expect_error("struct S;\n", "t.idl:1:8: error: 'S' is forward-declared but never defined");
}
TEST(IdlDiagnostics, ComponentsAreNotSupported) {
  expect_error("component C { };\n", "t.idl:1:1: error: 'component' declarations (CORBA Component Model) are not supported");
}
TEST(IdlDiagnostics, UnterminatedString) { expect_error("const string S = \"abc;\n", "t.idl:1:18: error: unterminated string literal"); }
TEST(IdlDiagnostics, BadOctalDigit) { expect_error("const long X = 09;\n", "t.idl:1:16: error: invalid digit '9' in octal literal"); }
TEST(IdlDiagnostics, UnexpectedCharacter) { expect_error("typedef long $x;\n", "t.idl:1:14: error: unexpected character '$'"); }
TEST(IdlDiagnostics, UnpreprocessedInclude) {
  expect_error("#include \"x.idl\"\n", "t.idl:1:1: error: unexpected preprocessor directive '#include' (the input was not preprocessed)");
}
TEST(IdlDiagnostics, EmptyStruct) { expect_error("struct S {};\n", "t.idl:1:8: error: struct 'S' has no members"); }
TEST(IdlDiagnostics, LocalBaseForUnconstrainedInterface) {
  expect_error("local interface L {};\ninterface I : L {};\n", "t.idl:2:15: error: unconstrained interface 'I' cannot inherit from local interface 'L'");
}
TEST(IdlDiagnostics, AbstractValueWithState) {
  expect_error("abstract valuetype V { public long x; };\n", "t.idl:1:31: error: abstract valuetype 'V' cannot have state members");
}

// Value types and boxes are generated without a word; what is not generated yet (a supported
// concrete interface's operations) is a warning, not an error, so IDL using it compiles.
TEST(IdlDiagnostics, ValueTypesAndBoxesCompileWithoutWarnings) {
  const auto result = compile("valuetype V { public long x; };\nvaluetype B string;\n");
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.diagnostics, "");
}
TEST(IdlDiagnostics, CustomValueTypeCompilesWithoutWarnings) {
  const auto result = compile("custom valuetype V { public long x; };\n");
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.diagnostics, "");
}
TEST(IdlDiagnostics, SupportedInterfaceIsNotFullySupportedWarning) {
  const auto result = compile("interface I {};\nvaluetype V supports I { public long x; };\n");
  EXPECT_TRUE(result.ok);
  EXPECT_NE(result.diagnostics.find("t.idl:2:11: warning: a valuetype that supports a concrete interface 'V'"),
            std::string::npos)
      << result.diagnostics;
}
TEST(IdlDiagnostics, SupportingAnAbstractInterfaceCompilesWithoutWarnings) {
  const auto result = compile("abstract interface A { long f(); };\nvaluetype V supports A { public long x; };\n");
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.diagnostics, "");
}
TEST(IdlDiagnostics, ValueTypesOfIncludedFilesDoNotWarn) {
  const auto result = compile("# 1 \"t.idl\"\n# 1 \"orb.idl\" 1\nvaluetype StringValue string;\n# 4 \"t.idl\" 2\n");
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.diagnostics, "");
}
TEST(IdlDiagnostics, PragmaAmiNeedsAName) {
  expect_error("interface I {};\n#pragma ami\n", "t.idl:2:1: error: #pragma ami needs an interface name");
}
TEST(IdlDiagnostics, PragmaAmiOnANonInterface) {
  expect_error("struct S { long x; };\n#pragma ami S\n", "t.idl:2:1: error: #pragma ami: 'S' is not a (non-local) interface");
}
TEST(IdlDiagnostics, PragmaAmiOnALocalInterface) {
  expect_error("local interface L {};\n#pragma ami L\n", "t.idl:2:1: error: #pragma ami: 'L' is not a (non-local) interface");
}
TEST(IdlDiagnostics, PragmaAmiOnAnUndeclaredName) {
  expect_error("#pragma ami Nope\n", "t.idl:1:1: error: 'Nope' is not declared");
}
TEST(IdlDiagnostics, PragmaAmhNeedsAName) {
  expect_error("interface I {};\n#pragma amh\n", "t.idl:2:1: error: #pragma amh needs an interface name");
}
TEST(IdlDiagnostics, PragmaAmhOnALocalInterface) {
  expect_error("local interface L {};\n#pragma amh L\n", "t.idl:2:1: error: #pragma amh: 'L' is not a (non-local) interface");
}
