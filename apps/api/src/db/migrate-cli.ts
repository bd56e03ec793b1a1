import { loadConfig } from '../config';
import { connectDatabase } from './connect';

const config = loadConfig();
const database = await connectDatabase(config, (m) => console.log(m));
console.log('Migrations applied.');
await database.close();
