import type { ConfigData } from "html-validate";

/**
 * html-validate's recommended and document rules, with the few style rules set to what our renderer writes
 * on purpose. Everything else stays an error.
 */
export const htmlValidateConfig: ConfigData = {
  extends: ["html-validate:recommended", "html-validate:document"],
  rules: {
    // src/render/render.tsx writes the HTML5 doctype in lower case, as the HTML spec's examples do.
    "doctype-style": ["error", { style: "lowercase" }],
    // React's serializer writes void elements as <meta/>, markdown-it writes <img>: both are valid HTML.
    "void-style": "off",
    // React writes empty boolean attributes as hidden="", valid HTML; hold the output to that style.
    "attribute-empty-style": ["error", { style: "empty" }],
    // Subresource integrity guards against a third-party host serving altered files; every script
    // and stylesheet here is first-party, same-origin and content-hashed.
    "require-sri": ["error", { target: "crossorigin" }],
    // React writes some attribute names in camelCase (charSet, fetchPriority, autoComplete);
    // HTML attribute names are case-insensitive.
    "attr-case": ["error", { style: ["lowercase", "camelcase"], ignoreForeign: true }],
    // The search box's popup is an ARIA listbox of links (the combobox pattern); a <select> cannot hold links.
    "prefer-native-element": ["error", { exclude: ["listbox"] }],
  },
};
