import path from 'node:path';

/**
 * The project's own lint rules:
 * - `layers`: imports flow domain <- machines <- {server, src} (DESIGN.md section 1); src and server
 *   never import each other; a feature folder never imports another feature folder.
 * - `no-untranslated-jsx-text`: words shown to people come from locales/, never from JSX literals.
 */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Which top-level layers each layer may import from. */
const ALLOWED_LAYERS = {
  domain: ['domain'],
  machines: ['domain', 'machines'],
  server: ['domain', 'machines', 'server', 'locales'],
  src: ['domain', 'machines', 'src', 'locales'],
};

function layerOf(file) {
  const relative = path.relative(ROOT, file).split(path.sep);
  return { layer: relative[0], feature: relative[0] === 'src' && relative[1] === 'features' ? relative[2] : undefined };
}

const layers = {
  meta: { type: 'problem', messages: { layer: '{{from}} may not import from {{to}} (DESIGN.md section 1).', feature: 'Feature "{{from}}" may not import feature "{{to}}": share through domain/, machines/ or src/lib/.' }, schema: [] },
  create(context) {
    const source = layerOf(context.filename);
    if (!(source.layer in ALLOWED_LAYERS)) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = layerOf(path.resolve(path.dirname(context.filename), specifier));
      if (!ALLOWED_LAYERS[source.layer].includes(target.layer)) {
        context.report({ node: node.source, messageId: 'layer', data: { from: source.layer, to: target.layer } });
      } else if (source.feature && target.feature && source.feature !== target.feature) {
        context.report({ node: node.source, messageId: 'feature', data: { from: source.feature, to: target.feature } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const TRANSLATED_ATTRIBUTES = new Set(['title', 'alt', 'placeholder', 'aria-label', 'label']);
const LETTER = /\p{L}/u;

const noUntranslatedJsxText = {
  meta: { type: 'problem', messages: { text: 'Visible text "{{text}}" is not translated: put it in locales/ and use t().' }, schema: [] },
  create(context) {
    return {
      JSXText(node) {
        const text = node.value.trim();
        if (LETTER.test(text)) context.report({ node, messageId: 'text', data: { text: text.slice(0, 40) } });
      },
      JSXAttribute(node) {
        if (!TRANSLATED_ATTRIBUTES.has(node.name.name) || node.value?.type !== 'Literal') return;
        if (typeof node.value.value === 'string' && LETTER.test(node.value.value)) {
          context.report({ node, messageId: 'text', data: { text: node.value.value.slice(0, 40) } });
        }
      },
    };
  },
};

export default { rules: { layers, 'no-untranslated-jsx-text': noUntranslatedJsxText } };
