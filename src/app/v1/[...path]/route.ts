import { unknownPathRoutes } from '@/server/http/define-route';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = unknownPathRoutes();
