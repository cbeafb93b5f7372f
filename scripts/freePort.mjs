import net from "node:net";

/**
 * A port nobody listens on at this moment, on loopback: the one copy the
 * scripts, the server's process tests and benchmarks and the browser tests use.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
    server.on("error", reject);
  });
}
