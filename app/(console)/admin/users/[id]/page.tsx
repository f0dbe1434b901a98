import { UserDetail } from '@/components/admin/user-detail';
import { PEOPLE } from '@/components/admin/principal-kinds';
import { adminCaller } from '@/server/transport/console-caller';
import { principalRoute } from '../../principal-route';

const route = principalRoute({
  kind: PEOPLE,
  load: async (id) => (await adminCaller()).getUser({ id }),
  nameOf: (user) => user.username,
  Detail: UserDetail,
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
