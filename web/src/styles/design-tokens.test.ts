// Every colour of the app comes from the design tokens in global.css (dark and light theme side by side), so
// a theme is changed in one place. This fails on a raw colour anywhere else: a stylesheet, or a style={{…}}
// of a component. transparent, currentColor and inherit are not colours of their own and stay allowed.
/// <reference types="node" />
// (Node's types for this one file: it reads the sources from disk, as vitest hands CSS imports over empty.)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const TOKEN_SHEET = join(SRC, 'styles', 'global.css');

/** [path from web/src, source text] of the files under web/src whose names end so. */
function sources(ending: string): [string, string][] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ending))
    .map((name) => join(SRC, name))
    .filter((file) => file !== TOKEN_SHEET)
    .map((file) => [relative(SRC, file), readFileSync(file, 'utf8')]);
}
const sheets = sources('.css');
const components = sources('.tsx');

// CSS's named colours (CSS Color 4), less the keywords that are no colour of their own.
const NAMED = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
  burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
  darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred
  darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink
  deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold
  goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush
  lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey
  lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow
  lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
  mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
  navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise
  palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
  saddlebrown salmon seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen
  steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/),
);

/** The raw colours in a piece of CSS values: hex, rgb()/hsl()/hwb()/lab()… with literal channels, names. */
export function rawColours(values: string): string[] {
  const found: string[] = [];
  for (const match of values.matchAll(/#[0-9a-f]{3,8}\b/gi)) found.push(match[0]);
  // rgb(var(--rgb-accent) / 0.35) takes its channels from a token; rgb(139 124 248 / 0.35) does not.
  for (const match of values.matchAll(/\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*[\d.+-]/gi)) {
    found.push(match[0]);
  }
  // Whole identifiers only, so --color-black or white-space are not taken for a colour.
  for (const match of values.matchAll(/(?<![\w-])[a-z]+(?![\w-])/gi)) {
    if (NAMED.has(match[0].toLowerCase())) found.push(match[0]);
  }
  return found;
}

/** The values of a stylesheet's declarations (after the colon), without comments, selectors or names. */
function cssValues(css: string): string[] {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...code.matchAll(/(?:^|[;{])\s*(--)?[\w-]+\s*:([^;{}]*)(?=[;}])/g)].map((match) => match[2]!);
}

/** What style={…} props hold (up to the brace that closes them: `{ … } as CSSProperties` included). */
export function inlineStyles(tsx: string): string[] {
  return [...tsx.matchAll(/\bstyle=\{/g)].map((match) => {
    const start = match.index + match[0].length;
    let depth = 1;
    let end = start;
    while (end < tsx.length && depth > 0) {
      if (tsx[end] === '{') depth += 1;
      else if (tsx[end] === '}') depth -= 1;
      end += 1;
    }
    return tsx.slice(start, end - 1);
  });
}

describe('design tokens', () => {
  it('finds raw colours in all their forms, and lets tokens and keywords be', () => {
    expect(rawColours(' #fff; 1px solid #22b8d6 ')).toEqual(['#fff', '#22b8d6']);
    expect(rawColours(' rgb(11 13 20 / 0.5) hsl(210 40% 50%) rgba(0,0,0,.2)')).toHaveLength(3);
    expect(rawColours(' white; 0 0 0 1px black')).toEqual(['white', 'black']);
    expect(
      rawColours(
        ' var(--color-white) rgb(var(--rgb-accent) / 0.35) transparent currentColor inherit hsl(var(--avatar-hue) 55% 42%)',
      ),
    ).toEqual([]);
    expect(cssValues('.a { white-space: nowrap; color: red }\n/* #fff */')).toEqual([' nowrap', ' red ']);
    expect(inlineStyles("<b style={{ '--hue': 3, color: '#fff' } as CSSProperties} />")).toEqual([
      "{ '--hue': 3, color: '#fff' } as CSSProperties",
    ]);
  });

  it('keeps every colour of the stylesheets in the token sheet', () => {
    expect(sheets.length).toBeGreaterThan(20);
    expect(sheets.every(([, css]) => css.length > 0)).toBe(true);
    const offenders = sheets.flatMap(([file, css]) =>
      cssValues(css).flatMap((value) => rawColours(value).map((colour) => `${file}: ${colour}`)),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps raw colours out of components’ inline styles', () => {
    expect(components.length).toBeGreaterThan(50);
    const offenders = components.flatMap(([file, tsx]) =>
      inlineStyles(tsx).flatMap((style) => rawColours(style).map((colour) => `${file}: ${colour}`)),
    );
    expect(offenders).toEqual([]);
  });
});
