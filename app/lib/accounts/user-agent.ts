/**
 * What the device list shows of a session (decision 027): a readable browser and system, and the
 * network it signed in from. Only these summaries are stored, not the User-Agent or the address.
 */

const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const nameIn = (userAgent: string, names: [RegExp, string][]) =>
  names.find(([pattern]) => pattern.test(userAgent))?.[1];

export function describeUserAgent(userAgent: string | null): string {
  const agent = (userAgent ?? "").slice(0, 512);
  const browser = nameIn(agent, browsers);
  const system = nameIn(agent, systems);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown browser";
}

/** The /24 of an IPv4 address or the /48 of an IPv6 address; anything else (a local run) as it is, shortened. */
export function networkPrefix(address: string): string {
  const ipv4 = address.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/);
  if (ipv4) return `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.0/24`;
  if (address.includes(":")) {
    const [head = ""] = address.split("::");
    const groups = head.split(":").filter(Boolean).slice(0, 3);
    while (groups.length < 3) groups.push("0");
    return `${groups.join(":")}::/48`;
  }
  return address.slice(0, 40);
}
