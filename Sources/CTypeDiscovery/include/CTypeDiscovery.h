// Finding the types a program contains that conform to a protocol, from the
// Swift runtime's metadata sections (the way test libraries find their tests on
// Linux). PreviewRenderer uses it to find every `#Preview` and `PreviewProvider`
// without being told their names: a `#Preview`'s type has a compiler-made name
// no source can spell.
#ifndef CTYPEDISCOVERY_H
#define CTYPEDISCOVERY_H

/// Calls `found` once with the type metadata of each non-generic struct, enum or
/// class, in every image the Swift runtime knows, that conforms to the protocol
/// `protocolName` declared at the top level of module `moduleName`.
void oc_each_type_conforming_to(const char *moduleName, const char *protocolName,
                                void (*found)(const void *metadata, void *context), void *context);

#endif
