import { useParams } from 'react-router-dom';
import { BotDetail } from '../../modules/bots/detail/BotDetail';

/** /app/bots/:botId (SPEC §2 Bot detail). A new id remounts it, so no state leaks across bots. */
export function BotDetailPage() {
  const { botId = '' } = useParams();
  return <BotDetail key={botId} botId={botId} />;
}
