/**
 * The host names the shop answers for (the router's `allowedHosts`, Django's ALLOWED_HOSTS): its
 * own loopback names, plus any listed, comma-separated, in `ALLOWED_HOSTS`
 * (`shop.example.com,.example.org`). A request naming another host is a 400, so no link the API
 * builds can point at a host a client made up.
 */
export function shopAllowedHosts(fromEnv: string | undefined): string[] {
  const extra = (fromEnv ?? "")
    .split(",")
    .map((host) => host.trim())
    .filter((host) => host !== "");
  return ["localhost", "127.0.0.1", "[::1]", ...extra];
}
