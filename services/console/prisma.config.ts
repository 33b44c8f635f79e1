import { servicePrismaConfig } from '@otp/platform/prisma-config';

export default servicePrismaConfig('console');
