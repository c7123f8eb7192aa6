#include "json_check.h"

#include <ctype.h>
#include <string.h>

static bool value(const char **p, int depth);

static void ws(const char **p)
{
	while (**p == ' ' || **p == '\n' || **p == '\t' || **p == '\r')
		(*p)++;
}

static bool string(const char **p)
{
	if (**p != '"')
		return false;
	for ((*p)++; **p != '"'; (*p)++) {
		if ((unsigned char)**p < 0x20)
			return false;
		if (**p == '\\') {
			(*p)++;
			if (**p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!isxdigit((unsigned char)(*p)[i]))
						return false;
				*p += 4;
			} else if (!strchr("\"\\/bfnrt", **p) || !**p) {
				return false;
			}
		}
	}
	(*p)++;
	return true;
}

static bool number(const char **p)
{
	const char *s = *p;
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (isdigit((unsigned char)*s))
		while (isdigit((unsigned char)*s))
			s++;
	else
		return false;
	if (*s == '.') {
		s++;
		if (!isdigit((unsigned char)*s))
			return false;
		while (isdigit((unsigned char)*s))
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!isdigit((unsigned char)*s))
			return false;
		while (isdigit((unsigned char)*s))
			s++;
	}
	*p = s;
	return true;
}

static bool sequence(const char **p, char close, bool keyed, int depth)
{
	(*p)++;
	ws(p);
	if (**p == close)
		return (*p)++, true;
	for (;;) {
		ws(p);
		if (keyed) {
			if (!string(p))
				return false;
			ws(p);
			if (**p != ':')
				return false;
			(*p)++;
		}
		if (!value(p, depth + 1))
			return false;
		ws(p);
		if (**p == close)
			return (*p)++, true;
		if (**p != ',')
			return false;
		(*p)++;
	}
}

static bool value(const char **p, int depth)
{
	if (depth > 64)
		return false;
	ws(p);
	switch (**p) {
	case '{':
		return sequence(p, '}', true, depth);
	case '[':
		return sequence(p, ']', false, depth);
	case '"':
		return string(p);
	case 't':
		return strncmp(*p, "true", 4) == 0 && (*p += 4, true);
	case 'f':
		return strncmp(*p, "false", 5) == 0 && (*p += 5, true);
	case 'n':
		return strncmp(*p, "null", 4) == 0 && (*p += 4, true);
	default:
		return number(p);
	}
}

bool json_valid(const char *text)
{
	const char *p = text;
	if (!value(&p, 0))
		return false;
	ws(&p);
	return *p == '\0';
}
