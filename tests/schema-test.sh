#!/bin/sh
# The JSON schema checked by the reference implementation too: Debian's
# python3-jsonschema (with /usr/bin/python3: a pyenv python3 first on PATH
# lacks it) says the schema is a valid draft 2020-12 schema and that
# gpuplan's real output, in English and in Chinese, follows it, and that a
# document with an unknown note code does not. tests/test_contract.c checks
# the same with tests/json_check.c, which needs nothing installed; this
# test shows that its subset of JSON Schema reads the schema as the
# standard does.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
bin=$top_builddir/gpuplan
schema=$top_srcdir/doc/gpuplan-report.schema.json
python=/usr/bin/python3
failed=0
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; failed=1; }
[ -x "$python" ] && "$python" -c "import jsonschema" 2> /dev/null ||
	{ echo "SKIP: $python has no jsonschema (Debian python3-jsonschema)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-schema.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Each line: a name, then the options of one kind of scenario.
cat > "$tmp/kinds" << 'EOF'
inference -m qwen2.5-32b --min-speed 40 --output-len 256
lora -m qwen2.5-7b -t lora --train-tokens 2B
full-multi-machine -m llama-3.1-70b -t full
pretrain-deadline -m qwen2.5-7b -t pretrain --train-tokens 20B --deadline 2d
measured -m qwen2.5-7b -t lora --train-tokens 2B --measured 1:1520,2:2900,4:5400 --gpu h100-80g
no-fit -m llama-3.1-405b -t full -c 128k -n 64
forced-shape -m llama-3.1-70b --tp 1 --gpu h100-80g
no-offers -m qwen2.5-7b --gpu l20-48g
compare -m llama-3.1-70b --compare "-c 128k -p int4"
limits -m llama-3.1-70b --limits
EOF
while read -r name options; do
	for lang in en zh; do
		eval "set -- $options"
		GPUPLAN_TODAY=2026-12-01 "$bin" --data "$top_srcdir/tests/fixtures/ref" --lang $lang \
			--format json "$@" > "$tmp/$name.$lang.json" 2> "$tmp/err" ||
			fail "$name ($lang): gpuplan failed: $(cat "$tmp/err")"
	done
done < "$tmp/kinds"
sed 's/"code": "no_container_offer"/"code": "no_container_offers"/' "$tmp/no-offers.en.json" > "$tmp/broken.json"
grep -q no_container_offers "$tmp/broken.json" || fail "the broken document is not broken"

"$python" - "$schema" "$tmp" << 'EOF' > "$tmp/out" 2>&1
import glob, json, os, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
print("ok: the schema is a valid draft 2020-12 schema")
check = jsonschema.Draft202012Validator(schema)
for path in sorted(glob.glob(os.path.join(sys.argv[2], "*.json"))):
    name = os.path.basename(path)
    error = jsonschema.exceptions.best_match(check.iter_errors(json.load(open(path))))
    if name == "broken.json":
        print("ok: a document with an unknown note code fails" if error else
              "FAIL: a document with an unknown note code passes")
    elif error:
        print("FAIL: %s: %s: %s" % (name, "/".join(map(str, error.absolute_path)),
                                    error.message[:200]))
    else:
        print("ok: %s follows the schema" % name)
EOF
cat "$tmp/out"
grep -q "^FAIL\|Error" "$tmp/out" && failed=1
[ "$(grep -c "^ok: .* follows the schema" "$tmp/out")" = 20 ] || fail "not 20 documents checked"
[ "$failed" -eq 0 ]
