import { Notifications } from '@mantine/notifications';

/** Bottom right and brief: toasts never cover the top bar or linger over work. */
export default function ToastContainer() {
  return <Notifications position="bottom-right" autoClose={4000} />;
}
