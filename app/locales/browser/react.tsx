import type { I18n } from "@lingui/core";
import {
  cloneElement,
  createContext,
  Fragment,
  useContext,
  useEffect,
  useState,
  type ReactElement,
  type ReactNode,
} from "react";

/**
 * The part of `@lingui/react` the browser uses, for the client build only (decision 060; see
 * ./core.ts): the provider, `useLingui` and the `<Trans>` the macros compile to, whose rich text
 * (`<0>…</0>`, `<0/>`) becomes the elements it was given, as Lingui's does.
 */
type Context = { i18n: I18n; _: I18n["_"] };
const LinguiContext = createContext<Context | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [context, setContext] = useState<Context>(() => ({ i18n, _: i18n.t }));
  // A catalogue loaded later (a lazy view's) renders the page again, as Lingui's provider does.
  useEffect(() => i18n.on("change", () => setContext({ i18n, _: i18n.t })), [i18n]);
  return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>;
}

export function useLingui(): Context {
  return useContext(LinguiContext) as Context;
}

const tag = /<([a-zA-Z0-9]+)>([\s\S]*?)<\/\1>|<([a-zA-Z0-9]+)\/>/;

/** Lingui's `formatElements`: the message's numbered tags as the given elements, their text inside. */
function formatElements(value: string, elements: Record<string, ReactElement>, keys = { next: 0 }): ReactNode {
  const parts = value.split(tag);
  if (parts.length === 1) return value;
  const tree: ReactNode[] = [];
  const before = parts.shift();
  if (before) tree.push(before);
  for (let i = 0; i < parts.length; i += 4) {
    const [paired, children, unpaired, after] = parts.slice(i, i + 4);
    const element = elements[(paired || unpaired) as string] ?? <Fragment />;
    const props = element.props as { children?: ReactNode };
    tree.push(
      cloneElement(
        element,
        { key: `$lingui$_${keys.next++}` },
        children ? formatElements(children, elements, keys) : props.children,
      ),
    );
    if (after) tree.push(after);
  }
  return tree.length === 1 ? tree[0] : tree;
}

type TransProps = {
  id: string;
  message?: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
};

export function Trans({ id, message, values, components }: TransProps) {
  const { i18n } = useLingui();
  const elements: Record<string, ReactElement> = { ...components };
  let shown = values;
  if (values) {
    shown = { ...values };
    // A value that is an element (not text, not a number) goes in as an element of its own.
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === "string" || typeof value === "number") continue;
      const index = Object.keys(elements).length;
      elements[index] = <Fragment>{value as ReactNode}</Fragment>;
      shown[key] = `<${index}/>`;
    }
  }
  const translation = i18n._(id, shown, { message });
  return translation ? <>{formatElements(translation, elements)}</> : null;
}
