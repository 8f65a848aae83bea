#ifndef TRACKPIPE_CLIBXML2_SHIM_H
#define TRACKPIPE_CLIBXML2_SHIM_H
// libxml2's SAX2 streaming parser, used by the GPX reader (no DOM is built).
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
