#ifndef TRACKPIPE_CLIBXML2_SHIM_H
#define TRACKPIPE_CLIBXML2_SHIM_H
// libxml2's SAX2 streaming parser, used by the GPX reader (no DOM is built).
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and then <libxml/encoding.h> includes the system ICU headers. Their
// `UErrorCode` differs from the one in Foundation's bundled `_FoundationICU`, and clang refuses the two
// definitions in one Swift module ("not present in definition of 'enum UErrorCode'"). The only
// declarations ICU changes are trailing fields of `xmlCharEncodingHandler`, which TrackPipe never
// touches (it only passes parser pointers around), so the ICU part of the headers is hidden.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
