import { router } from '../init';
import { sandboxRouter } from './sandbox';

/** The console's sandbox page keeps its path (consoleAdmin.sandbox.*); members and invitations are in ./members.ts. */
export const consoleAdminRouter = router({ sandbox: sandboxRouter });
