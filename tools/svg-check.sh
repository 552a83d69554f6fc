#!/bin/sh
# `make svg-check`: draws one board per game with `notate show --svg`, has
# headless Chromium take a screenshot of each, and checks that the
# screenshot is not blank (Chromium itself counts the pixels that differ
# from the background, on a canvas).  Needs Debian's chromium.
set -u
notate=${1:-build/notate}
out=build/svg-check
mkdir -p "$out"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "svg-check: chromium is missing (apt-get install chromium)" >&2
	exit 1
fi
flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
	--disable-background-networking --disable-component-update --disable-sync
	--user-data-dir=$out/profile --hide-scrollbars"

# Screenshots SVG (its own size), then counts in Chromium the pixels of the
# screenshot unlike its top-left corner.  Prints the count (empty on failure).
differing() {
	svg=$1
	base=${svg%.svg}
	w=$(sed -n 's/.*<svg[^>]* width="\([0-9]*\)".*/\1/p' "$svg" | head -n 1)
	h=$(sed -n 's/.*<svg[^>]* height="\([0-9]*\)".*/\1/p' "$svg" | head -n 1)
	rm -f "$base.png"
	# shellcheck disable=SC2086
	$browser $flags --screenshot="$base.png" --window-size="${w:-800},${h:-600}" \
		"file://$(pwd)/$svg" > "$base.log" 2>&1
	[ -s "$base.png" ] || return 0
	png=$(base64 -w 0 "$base.png")
	cat > "$base.html" <<HTML
<!DOCTYPE html><html><head><title>pending</title></head><body><script>
const img = new Image();
img.onload = () => {
  const c = document.createElement("canvas");
  c.width = img.width; c.height = img.height;
  const g = c.getContext("2d");
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  let differ = 0;
  for (let i = 0; i < d.length; i += 4)
    if (Math.abs(d[i] - d[0]) + Math.abs(d[i+1] - d[1]) + Math.abs(d[i+2] - d[2]) > 48)
      differ++;
  document.title = "differ=" + differ;
};
img.src = "data:image/png;base64,$png";
</script></body></html>
HTML
	# shellcheck disable=SC2086
	$browser $flags --virtual-time-budget=5000 --dump-dom \
		"file://$(pwd)/$base.html" 2>/dev/null |
		sed -n 's/.*<title>differ=\([0-9]*\)<\/title>.*/\1/p'
}

# A control: a picture with nothing on it must be judged blank.
printf '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">%s</svg>\n' \
	'<rect width="300" height="200" fill="#e9d7a8"/>' > "$out/blank.svg"
blank=$(differing "$out/blank.svg")
if [ -z "$blank" ] || [ "$blank" -ge 2000 ]; then
	echo "svg-check: the blank control is not judged blank (${blank:-no count})" >&2
	exit 1
fi

status=0
for game in $("$notate" games | sed -n 's/^\([a-z]*\): .*/\1/p'); do
	record=$(ls examples/"$game"/* 2>/dev/null | grep -v illegal | head -n 1)
	if [ -z "$record" ]; then
		echo "svg-check: $game: no example record in examples/$game/" >&2
		status=1
		continue
	fi
	if ! "$notate" show --svg --game "$game" "$record" > "$out/$game.svg"; then
		echo "svg-check: $game: show --svg failed on $record" >&2
		status=1
		continue
	fi
	differ=$(differing "$out/$game.svg")
	if [ -z "$differ" ] || [ "$differ" -lt 2000 ]; then
		echo "svg-check: $game: screenshot looks blank (${differ:-no count})" >&2
		status=1
	else
		echo "svg-check: $game: $out/$game.png has $differ pixels unlike the background"
	fi
done
exit $status
