/** What the lead's own alert did on each channel: «Aviso por correo: entregado», «pendiente, reintentando …». */
import type { NotificationState } from '../../../contract/inbox-api'
import { CHANNEL_LABEL, notificationText } from '../copy'

export function NotificationList({ notifications }: { notifications: NotificationState[] }) {
  if (!notifications.length) return null
  return (
    <ul className="notifications">
      {notifications.map((notification) => (
        <li key={notification.channel} className={`notification notification-${notification.state}`}>
          {`${CHANNEL_LABEL[notification.channel]}: ${notificationText(notification)}`}
        </li>
      ))}
    </ul>
  )
}
