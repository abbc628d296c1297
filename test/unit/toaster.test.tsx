import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppProviders } from '../../src/app-providers'
import { resetToasts, toast, TOAST_REMOVE_DELAY, type ToastProps } from '../../src/toast/toast-store'
import { Toaster } from '../../src/toast/toaster'

// jsdom has no PointerEvent (fireEvent would drop clientX) and no pointer capture; Radix's swipe uses both.
beforeAll(() => {
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventPolyfill extends MouseEvent {
      readonly pointerId: number
      readonly pointerType: string
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init)
        this.pointerId = init.pointerId ?? 1
        this.pointerType = init.pointerType ?? 'mouse'
      }
    }
    window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent
  }
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.setPointerCapture ??= () => {}
  Element.prototype.releasePointerCapture ??= () => {}
})

beforeEach(() => jest.useFakeTimers())

afterEach(() => {
  act(() => resetToasts())
  jest.useRealTimers()
})

/** Renders the Toaster; its notification area, found by the label the spec pins (Radix's default with F8). */
function toasterViewport() {
  render(
    <AppProviders>
      <Toaster />
    </AppProviders>,
  )
  return screen.getByRole('region', { name: 'Notifications (F8)' })
}

function raise(props: ToastProps) {
  let handle!: ReturnType<typeof toast>
  act(() => {
    handle = toast(props)
  })
  return handle
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms))

const sent = {
  title: '¡Mensaje Enviado!',
  description: 'Gracias por contactarnos. Te responderemos en menos de 24 horas.',
}

test('the viewport is a region labelled with its F8 hotkey; a raised toast shows with its action and is announced in a status region', () => {
  const viewport = toasterViewport()
  expect(within(viewport).queryByRole('listitem')).not.toBeInTheDocument()
  expect(screen.queryByRole('status')).not.toBeInTheDocument()

  raise({ ...sent, action: <a href="https://wa.me/522221234567">Escríbenos por WhatsApp</a> })
  advance(50) // Radix fills the announcement two animation frames later.

  expect(within(viewport).getByText(sent.title)).toBeInTheDocument()
  expect(within(viewport).getByText(sent.description)).toBeInTheDocument()
  expect(within(viewport).getByRole('link', { name: 'Escríbenos por WhatsApp' })).toBeInTheDocument()
  const status = screen.getByRole('status')
  expect(status).toHaveTextContent(sent.title)
  expect(status).toHaveTextContent(sent.description)
})

test('update changes the title of the visible toast and keeps what it did not name', () => {
  const viewport = toasterViewport()

  const handle = raise({ title: 'Enviando...', description: sent.description })
  act(() => handle.update({ title: sent.title }))

  expect(within(viewport).queryByText('Enviando...')).not.toBeInTheDocument()
  expect(within(viewport).getByText(sent.title)).toBeInTheDocument()
  expect(within(viewport).getByText(sent.description)).toBeInTheDocument()
})

test('a toast with an infinite duration stays open until the close button named "Cerrar notificación"', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  const viewport = toasterViewport()
  raise({ ...sent, duration: Infinity })
  advance(60_000)
  expect(within(viewport).getByText(sent.title)).toBeInTheDocument()

  await user.click(within(viewport).getByRole('button', { name: 'Cerrar notificación' }))
  advance(TOAST_REMOVE_DELAY)
  expect(within(viewport).queryByText(sent.title)).not.toBeInTheDocument()
})

test('swiping a toast right past 50 px closes it, a shorter swipe keeps it', () => {
  const viewport = toasterViewport()
  raise({ ...sent, duration: Infinity })
  const item = within(viewport).getByRole('listitem')
  const swipe = (clientX: number) => {
    fireEvent.pointerDown(item, { button: 0, clientX: 0, clientY: 0 })
    fireEvent.pointerMove(item, { clientX, clientY: 0 })
    fireEvent.pointerUp(item, { clientX, clientY: 0 })
    advance(TOAST_REMOVE_DELAY)
  }

  swipe(30)
  expect(within(viewport).getByText(sent.title)).toBeInTheDocument()
  swipe(80)
  expect(within(viewport).queryByText(sent.title)).not.toBeInTheDocument()
})
