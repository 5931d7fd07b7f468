/** `npm start`: the store on its embedded default (SQLite in ./data, demo catalogue on an empty database). */
import { main } from "../server/main";

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
