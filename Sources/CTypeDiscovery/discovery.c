// Reads the records the Swift compiler emits into every image (see the Swift ABI
// documents: TypeMetadata.rst and include/swift/ABI/Metadata.h for the layouts).
// Only what is stable across Swift 5 and 6 runtimes is read: the conformance
// section, protocol and type context descriptors, and the metadata accessor.
#include "CTypeDiscovery.h"
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct { uintptr_t start; size_t length; } SectionRange;

// The runtime's `MetadataSections` (SwiftShims/MetadataSections.h): a version,
// a base address, two list links, then the section ranges in this order.
typedef struct {
    uintptr_t version;
    uintptr_t baseAddress;
    void *next, *prev;
    SectionRange protocols;
    SectionRange protocolConformances;
    // Later sections are not read.
} MetadataSections;

extern void swift_enumerateAllMetadataSections(bool (*body)(const MetadataSections *sections, void *context),
                                               void *context);

// A metadata accessor returns the metadata and its state in two registers.
typedef struct { const void *metadata; uintptr_t state; } MetadataResponse;
typedef MetadataResponse (*MetadataAccessor)(uintptr_t request) __attribute__((swiftcall));

/// A 32-bit offset from its own address, or null when zero.
static const void *relative(const int32_t *field) {
    return *field == 0 ? NULL : (const char *)field + *field;
}

/// A relative pointer whose low bit says it points at a pointer to the target.
static const void *relativeIndirectable(const int32_t *field) {
    int32_t offset = *field;
    if (offset == 0) return NULL;
    const char *target = (const char *)field + (offset & ~1);
    return (offset & 1) ? *(const void *const *)target : target;
}

// Context descriptors start with flags, a parent and (for modules, protocols
// and types) a name.
typedef struct { uint32_t flags; int32_t parent; int32_t name; } ContextDescriptor;
typedef struct { ContextDescriptor context; int32_t accessFunction; } TypeContextDescriptor;
typedef struct { int32_t protocol; int32_t typeReference; int32_t witnessTablePattern; uint32_t flags; } ConformanceDescriptor;

enum { kindModule = 0, kindProtocol = 3, kindClass = 16, kindStruct = 17, kindEnum = 18 };
enum { flagIsGeneric = 0x80 };

static unsigned kindOf(const ContextDescriptor *d) { return d->flags & 0x1F; }

static const char *nameOf(const ContextDescriptor *d) { return relative(&d->name); }

static bool isProtocol(const ContextDescriptor *d, const char *module, const char *name) {
    if (d == NULL || kindOf(d) != kindProtocol) return false;
    const char *protocolName = nameOf(d);
    if (protocolName == NULL || strcmp(protocolName, name) != 0) return false;
    const ContextDescriptor *parent = relativeIndirectable(&d->parent);
    if (parent == NULL || kindOf(parent) != kindModule) return false;
    const char *moduleName = nameOf(parent);
    return moduleName != NULL && strcmp(moduleName, module) == 0;
}

typedef struct {
    const char *module, *protocol;
    void (*found)(const void *, void *);
    void *context;
} Search;

static bool searchImage(const MetadataSections *sections, void *context) {
    const Search *search = context;
    const int32_t *records = (const int32_t *)sections->protocolConformances.start;
    size_t count = sections->protocolConformances.length / sizeof(int32_t);
    for (size_t i = 0; i < count; i++) {
        const ConformanceDescriptor *conformance = relative(&records[i]);
        if (conformance == NULL) continue;
        if (!isProtocol(relativeIndirectable(&conformance->protocol), search->module, search->protocol)) continue;
        // The conforming type: a direct or indirect type descriptor (Objective-C
        // classes, the other kinds, do not exist here).
        const TypeContextDescriptor *type;
        switch ((conformance->flags >> 3) & 7) {
        case 0: type = relative(&conformance->typeReference); break;
        case 1: {
            const void *const *slot = relative(&conformance->typeReference);
            type = slot ? *slot : NULL;
            break;
        }
        default: continue;
        }
        if (type == NULL) continue;
        unsigned kind = kindOf(&type->context);
        if (kind != kindStruct && kind != kindEnum && kind != kindClass) continue;
        if (type->context.flags & flagIsGeneric) continue;
        MetadataAccessor accessor = (MetadataAccessor)relative(&type->accessFunction);
        if (accessor == NULL) continue;
        const void *metadata = accessor(0).metadata;  // request 0: complete metadata
        if (metadata != NULL) search->found(metadata, search->context);
    }
    return true;  // go on to the next image
}

void oc_each_type_conforming_to(const char *moduleName, const char *protocolName,
                                void (*found)(const void *metadata, void *context), void *context) {
    Search search = { moduleName, protocolName, found, context };
    swift_enumerateAllMetadataSections(searchImage, &search);
}
