import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

export const SAML_ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
export const SAML_PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';

/** Parses XML, refusing DTDs (no entity tricks) and anything malformed. Null when not XML. */
export function parseXml(xml: string): Document | null {
  if (/<!DOCTYPE/i.test(xml)) return null;
  try {
    const doc = new DOMParser({ onError: (level) => { if (level !== 'warning') throw new Error('malformed XML'); } }).parseFromString(xml, 'text/xml');
    return doc.documentElement ? doc : null;
  } catch {
    return null;
  }
}

/** Direct children of `parent` with this namespace and local name. */
export function children(parent: Element, ns: string, local: string): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    const el = n as Element;
    if (n.nodeType === 1 && el.namespaceURI === ns && el.localName === local) out.push(el);
  }
  return out;
}

/**
 * The Issuer of a (not yet verified) response: used only to find which provider's
 * certificates to verify it with. The verified assertion's Issuer is checked afterwards.
 */
export function unverifiedIssuer(doc: Document): string | null {
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== SAML_PROTOCOL_NS || root.localName !== 'Response') return null;
  const direct = children(root, SAML_ASSERTION_NS, 'Issuer')[0];
  const fromAssertion = children(root, SAML_ASSERTION_NS, 'Assertion').flatMap((a) => children(a, SAML_ASSERTION_NS, 'Issuer'))[0];
  return (direct ?? fromAssertion)?.textContent?.trim() || null;
}

/** What the ACS checks in the signed assertion beyond node-saml: ID, Issuer, Recipient, expiry. */
export interface AssertionFacts {
  id: string;
  issuer: string | null;
  recipients: string[];
  notOnOrAfter: Date | null;
}

export function assertionFacts(assertionXml: string): AssertionFacts | null {
  const doc = parseXml(assertionXml);
  const a = doc?.documentElement;
  if (!a || a.namespaceURI !== SAML_ASSERTION_NS || a.localName !== 'Assertion') return null;
  const id = a.getAttribute('ID');
  if (!id) return null;
  const issuer = children(a, SAML_ASSERTION_NS, 'Issuer')[0]?.textContent?.trim() ?? null;
  const data = children(a, SAML_ASSERTION_NS, 'Subject')
    .flatMap((s) => children(s, SAML_ASSERTION_NS, 'SubjectConfirmation'))
    .flatMap((c) => children(c, SAML_ASSERTION_NS, 'SubjectConfirmationData'));
  const recipients = data.map((d) => d.getAttribute('Recipient') ?? '').filter(Boolean);
  const times = [
    ...children(a, SAML_ASSERTION_NS, 'Conditions').map((c) => c.getAttribute('NotOnOrAfter')),
    ...data.map((d) => d.getAttribute('NotOnOrAfter')),
  ]
    .filter((t): t is string => !!t)
    .map((t) => new Date(t))
    .filter((d) => !Number.isNaN(d.getTime()));
  const notOnOrAfter = times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
  return { id, issuer, recipients, notOnOrAfter };
}
