/**
 * `npm run desktop:build` runs this before electron-builder: the installers bake TEAMBEAT_UPDATE_URL into
 * app-update.yml, and a feed that is not HTTPS would let anyone on the network path replace an update.
 */
import { updateFeedProblem } from './update-feed.js';

const problem = updateFeedProblem(process.env['TEAMBEAT_UPDATE_URL']);
if (problem) {
  process.stderr.write(
    `${problem}. Example: TEAMBEAT_UPDATE_URL=https://updates.example.com/teambeat/ npm run desktop:build\n`,
  );
  process.exit(1);
}
