/**
 * `npm run start:api`: an API instance. HTTP only (the API, the mini-app `npm run build` made, pictures): no
 * bot handlers, no polling, no jobs; run any number of them on one PostgreSQL database behind a proxy, and a
 * worker (`npm run start:worker`) beside them. docs/operations.md, "Several processes".
 */
import { main } from "../server/main";

main("api").catch((error) => {
  console.error(error);
  process.exit(1);
});
