// CUnicode: the two pieces of ICU that text layout needs — the bidirectional
// algorithm and line-break opportunities — behind plain C functions. ICU's own
// names are versioned macros (ubidi_open → ubidi_open_72), which Swift cannot call,
// hence this wrapper. All offsets are UTF-16 code units.
#pragma once
#include <stdint.h>

/// Splits a paragraph into runs of one embedding level, in logical order.
/// `base`: 0 left-to-right, 1 right-to-left, -1 from the first strong character
/// (left-to-right when there is none). Writes at most `capacity` runs as
/// (start, level) pairs; returns the number of runs, or -1 on error. The
/// paragraph's resolved base level is stored in `*paragraph_level`.
int32_t oc_bidi_runs(const uint16_t *text, int32_t length, int32_t base,
                     int32_t *starts, uint8_t *levels, int32_t capacity,
                     uint8_t *paragraph_level);

/// Line-break opportunities (UAX #14, ICU's rules for `locale`, or the root
/// rules when it is NULL): offsets where a line may end, excluding 0, ascending,
/// the last being `length`. Writes at most `capacity`; returns the count or -1.
int32_t oc_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                       int32_t *breaks, int32_t capacity);

/// Grapheme cluster boundaries (user-perceived characters), as for line breaks.
int32_t oc_grapheme_breaks(const uint16_t *text, int32_t length,
                           int32_t *breaks, int32_t capacity);

/// The Unicode script of a code point (ICU's UScriptCode), and whether it is
/// "common" or "inherited" (it takes the script of its neighbours).
int32_t oc_script(uint32_t scalar);
int32_t oc_script_is_weak(int32_t script);
/// The ISO 15924 short name of a script (e.g. "Arab"), or NULL.
const char *oc_script_tag(int32_t script);

/// Whether a code point is shown as a colour emoji by default (Emoji_Presentation),
/// or can be (Emoji, for a following U+FE0F).
int32_t oc_is_emoji_presentation(uint32_t scalar);
int32_t oc_is_emoji(uint32_t scalar);
