import { ServiceAccountDetail } from '@/components/admin/service-account-detail';
import { SERVICE_ACCOUNTS } from '@/components/admin/principal-kinds';
import { adminCaller } from '@/server/transport/console-caller';
import { principalRoute } from '../../principal-route';

const route = principalRoute({
  kind: SERVICE_ACCOUNTS,
  load: async (id) => (await adminCaller()).getServiceAccount({ id }),
  nameOf: (account) => account.name,
  Detail: ServiceAccountDetail,
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
