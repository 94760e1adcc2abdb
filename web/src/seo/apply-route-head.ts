// The browser half of route-head.ts: swaps the managed tags in the live document.
import { MANAGED_ATTRIBUTE, type RouteHead } from './route-head.ts';

/** Replaces the managed tags of a document's head with a route's. */
export function applyRouteHead(doc: Document, head: RouteHead): void {
  if (head.title !== null) doc.title = head.title;
  for (const old of doc.head.querySelectorAll(`[${MANAGED_ATTRIBUTE}]`)) old.remove();
  const fragment = doc.createDocumentFragment();
  for (const tag of head.tags) {
    const element = doc.createElement(tag.tag);
    for (const [name, value] of Object.entries(tag.attrs)) element.setAttribute(name, value);
    element.setAttribute(MANAGED_ATTRIBUTE, '');
    if (tag.tag === 'script') element.textContent = tag.text;
    fragment.append(element);
  }
  doc.head.append(fragment);
}
