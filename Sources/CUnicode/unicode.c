#include "cunicode.h"
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uscript.h>

int32_t oc_bidi_runs(const uint16_t *text, int32_t length, int32_t base,
                     int32_t *starts, uint8_t *levels, int32_t capacity,
                     uint8_t *paragraph_level) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || !bidi) return -1;
    UBiDiLevel level = base == 0 ? 0 : base == 1 ? 1 : UBIDI_DEFAULT_LTR;
    ubidi_setPara(bidi, (const UChar *)text, length, level, NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
    *paragraph_level = ubidi_getParaLevel(bidi);
    int32_t count = 0;
    int32_t position = 0;
    while (position < length) {
        int32_t limit = 0;
        UBiDiLevel runLevel = 0;
        ubidi_getLogicalRun(bidi, position, &limit, &runLevel);
        if (limit <= position) break;
        if (count < capacity) {
            starts[count] = position;
            levels[count] = runLevel;
        }
        count++;
        position = limit;
    }
    ubidi_close(bidi);
    return count <= capacity ? count : -1;
}

#include <string.h>
#include <stdlib.h>
#include <pthread.h>

// Opening a break iterator loads and clones ICU's rules (microseconds); text layout
// asks for breaks of every label, so each thread keeps its iterators and only
// resets their text. They are closed when the thread exits (a thread-specific
// key's destructor): threads come and go (Dispatch's workers), and each would
// otherwise leave its iterators behind (found by LeakSanitizer).
struct iterator_cache {
    UBreakIterator *iterators[2];
    char locale[32];
};
static __thread struct iterator_cache *thread_cache;
static pthread_key_t cache_key;
static pthread_once_t cache_key_once = PTHREAD_ONCE_INIT;

static void close_cache(void *value) {
    struct iterator_cache *cache = value;
    if (!cache) return;
    for (int i = 0; i < 2; i++) if (cache->iterators[i]) ubrk_close(cache->iterators[i]);
    free(cache);
}

static void make_cache_key(void) { pthread_key_create(&cache_key, close_cache); }

static struct iterator_cache *this_thread_cache(void) {
    if (thread_cache) return thread_cache;
    pthread_once(&cache_key_once, make_cache_key);
    struct iterator_cache *cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    if (pthread_setspecific(cache_key, cache) != 0) { free(cache); return NULL; }
    thread_cache = cache;
    return cache;
}

static int32_t collect(UBreakIteratorType type, const char *locale, const uint16_t *text,
                       int32_t length, int32_t *breaks, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const char *loc = locale ? locale : "";
    int slot = type == UBRK_LINE ? 0 : 1;
    struct iterator_cache *cache = this_thread_cache();
    if (!cache) return -1;
    UBreakIterator *it = cache->iterators[slot];
    if (slot == 0 && it && strncmp(cache->locale, loc, sizeof cache->locale) != 0) {
        ubrk_close(it);
        it = cache->iterators[0] = NULL;
    }
    if (!it) {
        it = ubrk_open(type, loc, NULL, 0, &status);
        if (U_FAILURE(status) || !it) return -1;
        cache->iterators[slot] = it;
        if (slot == 0) {
            strncpy(cache->locale, loc, sizeof cache->locale - 1);
            cache->locale[sizeof cache->locale - 1] = 0;
        }
    }
    ubrk_setText(it, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t b = ubrk_following(it, 0); b != UBRK_DONE; b = ubrk_next(it)) {
        if (count >= capacity) break;
        breaks[count++] = b;
    }
    // Leave no pointer to the caller's text behind.
    static const UChar empty[1] = {0};
    status = U_ZERO_ERROR;
    ubrk_setText(it, empty, 0, &status);
    return count;
}

int32_t oc_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                       int32_t *breaks, int32_t capacity) {
    return collect(UBRK_LINE, locale, text, length, breaks, capacity);
}

int32_t oc_grapheme_breaks(const uint16_t *text, int32_t length,
                           int32_t *breaks, int32_t capacity) {
    return collect(UBRK_CHARACTER, NULL, text, length, breaks, capacity);
}

int32_t oc_script(uint32_t scalar) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode s = uscript_getScript((UChar32)scalar, &status);
    return U_FAILURE(status) ? USCRIPT_COMMON : (int32_t)s;
}

int32_t oc_script_is_weak(int32_t script) {
    return script == USCRIPT_COMMON || script == USCRIPT_INHERITED || script == USCRIPT_UNKNOWN;
}

const char *oc_script_tag(int32_t script) {
    return uscript_getShortName((UScriptCode)script);
}

#include <unicode/uchar.h>
int32_t oc_is_emoji_presentation(uint32_t scalar) {
    return u_hasBinaryProperty((UChar32)scalar, UCHAR_EMOJI_PRESENTATION);
}
int32_t oc_is_emoji(uint32_t scalar) {
    return u_hasBinaryProperty((UChar32)scalar, UCHAR_EMOJI);
}
