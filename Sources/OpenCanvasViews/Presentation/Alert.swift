import Foundation
import OpenCanvasDrawing

// Alerts and confirmation dialogs (action sheets on an iPhone). Metrics:
// ../shared/docs/controls-and-appearance.md §2 and §3 (Flutter's dialog.dart):
// an alert is 270 wide, corner radius 14, content padded 20 (16 at the sides
// here, as iOS 17's alerts are), buttons at least 44 tall with hairline
// dividers, title 17 semibold, message 13; two buttons side by side (the cancel
// one first, in semibold), more stacked. An action sheet's buttons are 56 tall
// in 20-point text, in a rounded group with the cancel button in its own below,
// 8 points from the edges. A tap on a button runs its action and dismisses;
// with no buttons, an alert shows OK.

extension View {
    /// Presents an alert with a title, its buttons (`actions`) and a message.
    public func alert<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View {
        let items = viewListItems(actions()), message = AnyView(message())
        return presentation(isPresented: isPresented) { dismiss in
            AnyView(AlertContainer(title: title, message: message, actions: items, dismiss: dismiss))
        }
    }

    /// Presents an alert with a title and its buttons.
    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alert(title, isPresented: isPresented, actions: actions, message: { EmptyView() })
    }

    /// Presents an alert with a localized title, its buttons and a message.
    public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions, message: message)
    }

    /// Presents an alert with a localized title and its buttons.
    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                               @ViewBuilder actions: () -> A) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions, message: { EmptyView() })
    }

    /// Presents an alert with a title shown as it is, its buttons and a message.
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>,
                                                           @ViewBuilder actions: () -> A,
                                                           @ViewBuilder message: () -> M) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions, message: message)
    }

    /// Presents an alert with a title shown as it is and its buttons.
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                  @ViewBuilder actions: () -> A) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions, message: { EmptyView() })
    }

    /// Presents an alert about `data` (shown while `isPresented` is true and
    /// `data` is non-nil).
    public func alert<T, A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
                                           @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View {
        let items = data.map { viewListItems(actions($0)) } ?? []
        let message = data.map { AnyView(message($0)) } ?? AnyView(EmptyView())
        let shown = Binding(get: { isPresented.wrappedValue && data != nil }, set: { isPresented.wrappedValue = $0 })
        return presentation(isPresented: shown) { dismiss in
            AnyView(AlertContainer(title: Text(titleKey), message: message, actions: items, dismiss: dismiss))
        }
    }

    /// Presents a confirmation dialog (an action sheet at the bottom) with a
    /// title, its buttons and a message.
    public func confirmationDialog<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>,
                                                     titleVisibility: Visibility = .automatic,
                                                     @ViewBuilder actions: () -> A,
                                                     @ViewBuilder message: () -> M) -> some View {
        let items = viewListItems(actions()), message = AnyView(message())
        let hasMessage = !(M.self == EmptyView.self)
        // `.automatic` on iOS: the title shows when there is a message to go with it.
        let showsTitle = titleVisibility == .visible || (titleVisibility == .automatic && hasMessage)
        return presentation(isPresented: isPresented) { dismiss in
            AnyView(ActionSheetContainer(title: showsTitle ? title : nil, message: hasMessage ? message : nil,
                                         actions: items, dismiss: dismiss))
        }
    }

    /// Presents a confirmation dialog with a title and its buttons.
    public func confirmationDialog<A: View>(_ title: Text, isPresented: Binding<Bool>,
                                            titleVisibility: Visibility = .automatic,
                                            @ViewBuilder actions: () -> A) -> some View {
        confirmationDialog(title, isPresented: isPresented, titleVisibility: titleVisibility, actions: actions,
                           message: { EmptyView() })
    }

    /// Presents a confirmation dialog with a localized title, its buttons and a message.
    public func confirmationDialog<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                                     titleVisibility: Visibility = .automatic,
                                                     @ViewBuilder actions: () -> A,
                                                     @ViewBuilder message: () -> M) -> some View {
        confirmationDialog(Text(titleKey), isPresented: isPresented, titleVisibility: titleVisibility,
                           actions: actions, message: message)
    }

    /// Presents a confirmation dialog with a localized title and its buttons.
    public func confirmationDialog<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                            titleVisibility: Visibility = .automatic,
                                            @ViewBuilder actions: () -> A) -> some View {
        confirmationDialog(Text(titleKey), isPresented: isPresented, titleVisibility: titleVisibility,
                           actions: actions, message: { EmptyView() })
    }

    /// Presents a confirmation dialog with a title shown as it is and its buttons.
    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                               titleVisibility: Visibility = .automatic,
                                                               @ViewBuilder actions: () -> A) -> some View {
        confirmationDialog(Text(title), isPresented: isPresented, titleVisibility: titleVisibility,
                           actions: actions, message: { EmptyView() })
    }
}

/// A button as a dialog reads it: its label, role and action.
@MainActor
protocol DialogButton {
    var dialogLabel: AnyView { get }
    var dialogRole: ButtonRole? { get }
    var dialogAction: @MainActor () -> Void { get }
}

extension Button: DialogButton {
    var dialogLabel: AnyView { AnyView(label) }
    var dialogRole: ButtonRole? { role }
    var dialogAction: @MainActor () -> Void { action }
}

/// One of a dialog's buttons.
struct DialogChoice {
    let label: AnyView
    let role: ButtonRole?
    let action: @MainActor () -> Void
}

/// A dialog's buttons: those among `items` (other views are content), and OK
/// when there are none and `addsOK` says so.
@MainActor
private func dialogButtons(_ items: [ViewListItem], addsOK: Bool)
    -> (buttons: [DialogChoice], others: [AnyView]) {
    var buttons: [DialogChoice] = []
    var others: [AnyView] = []
    for item in items {
        if let b = item.view as? any DialogButton {
            buttons.append(DialogChoice(label: b.dialogLabel, role: b.dialogRole, action: b.dialogAction))
        } else {
            others.append(AnyView(item.view))
        }
    }
    if buttons.isEmpty, addsOK { buttons.append(DialogChoice(label: AnyView(Text("OK")), role: .cancel, action: {})) }
    return (buttons, others)
}

/// The centred alert over the dimmed page.
struct AlertContainer: View {
    let title: Text
    let message: AnyView
    let actions: [ViewListItem]
    let dismiss: DismissAction

    var body: some View {
        let (buttons, others) = dialogButtons(actions, addsOK: true)
        // Two buttons sit side by side, the cancel one leading; more are stacked,
        // the cancel one last.
        let ordered = buttons.count == 2 ? buttons.sorted { a, _ in a.role == .cancel }
                                         : buttons.filter { $0.role != .cancel } + buttons.filter { $0.role == .cancel }
        ZStack {
            Color.black.opacity(0.2).contentShape(Rectangle()).accessibilityHidden(true)
            VStack(spacing: 0) {
                VStack(spacing: 4) {
                    title.font(.system(size: 17, weight: .semibold)).multilineTextAlignment(.center)
                    message.font(.system(size: 13)).multilineTextAlignment(.center)
                    ForEach(others.indices, id: \.self) { others[$0] }
                }
                .padding(EdgeInsets(top: 19, leading: 16, bottom: 19, trailing: 16))
                .frame(maxWidth: .infinity)
                Rectangle().fill(Color.separator).frame(height: 0.5)
                if ordered.count == 2 {
                    HStack(spacing: 0) {
                        DialogButtonView(choice: ordered[0], fontSize: 17, height: 44, dismiss: dismiss)
                        Rectangle().fill(Color.separator).frame(width: 0.5, height: 44)
                        DialogButtonView(choice: ordered[1], fontSize: 17, height: 44, dismiss: dismiss)
                    }
                } else {
                    ForEach(ordered.indices, id: \.self) { i in
                        if i > 0 { Rectangle().fill(Color.separator).frame(height: 0.5) }
                        DialogButtonView(choice: ordered[i], fontSize: 17, height: 44, dismiss: dismiss)
                    }
                }
            }
            .frame(width: 270)
            .background(Color.alertBackground, in: RoundedRectangle(cornerRadius: 14))
        }
    }
}

/// The action sheet at the bottom: its buttons in a rounded group, cancel apart.
struct ActionSheetContainer: View {
    let title: Text?
    let message: AnyView?
    let actions: [ViewListItem]
    let dismiss: DismissAction

    var body: some View {
        let (buttons, _) = dialogButtons(actions, addsOK: false)
        let main = buttons.filter { $0.role != .cancel }
        // An action sheet always has a way out: its own Cancel when none is given.
        let cancel = buttons.first { $0.role == .cancel } ?? DialogChoice(label: AnyView(Text("Cancel")), role: .cancel, action: {})
        ZStack(alignment: .bottom) {
            Color.black.opacity(0.2).contentShape(Rectangle()).onTapGesture { dismiss() }.accessibilityHidden(true)
            VStack(spacing: 8) {
                VStack(spacing: 0) {
                    if title != nil || message != nil {
                        VStack(spacing: 4) {
                            title?.font(.system(size: 13, weight: .semibold))
                            message?.font(.system(size: 13))
                        }
                        .foregroundColor(.secondary)
                        .multilineTextAlignment(.center)
                        .padding(.horizontal, 16).padding(.vertical, 14)
                        .frame(maxWidth: .infinity)
                        Rectangle().fill(Color.separator).frame(height: 0.5)
                    }
                    ForEach(main.indices, id: \.self) { i in
                        if i > 0 { Rectangle().fill(Color.separator).frame(height: 0.5) }
                        DialogButtonView(choice: main[i], fontSize: 20, height: 56, dismiss: dismiss)
                    }
                }
                .background(Color.alertBackground, in: RoundedRectangle(cornerRadius: 14))
                DialogButtonView(choice: cancel, fontSize: 20, height: 56, dismiss: dismiss)
                    .background(Color.elevatedBackground, in: RoundedRectangle(cornerRadius: 14))
            }
            .padding(.horizontal, 8)
            .padding(.bottom, 10)
        }
    }
}

/// A dialog's button: its label in the tint (red when destructive, semibold
/// when it cancels), across the dialog; a tap dismisses, then runs it.
struct DialogButtonView: View {
    let choice: DialogChoice
    let fontSize: CGFloat
    let height: CGFloat
    let dismiss: DismissAction
    @Environment(\.tint) private var tint

    var body: some View {
        choice.label
            .font(.system(size: fontSize, weight: choice.role == .cancel ? .semibold : .regular))
            .foregroundColor(choice.role == .destructive ? Color.red : (tint ?? Color.blue))
            .frame(maxWidth: .infinity, minHeight: height)
            .contentShape(Rectangle())
            .onTapGesture {
                dismiss()
                choice.action()
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isButton)
    }
}
