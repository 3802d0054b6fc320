//! The network lobby: "Host a game" (choose a port; the referee then runs
//! inside this program and waits there, and the screen shows the address,
//! the port and the game code to give the opponent) and "Join a game"
//! (type the host's address and the game code). It waits for the game to
//! start without ever blocking the frame loop (the network runs on its own
//! thread and wakes the window), then hands over to the shared play screen
//! with this computer's seat as the local player and the other as a remote
//! seat.
//!
//! A web page cannot listen for the opponent, so its "Host a game" opens
//! the game on a `boardsuite serve` named by its address (`ws://host:port`,
//! the page's own host and serve's port at first): [`Hosting::OnServer`].
//! The desktop's tests drive that form too, over TCP.
//!
//! A game with a setup phase (Strategy Chess): the host sets up before
//! hosting; a player who joins learns the army only once seated, so the
//! lobby then opens the setup screen ([`SetupAsker`]) and sends the setup
//! when it comes back.

use crate::canvas::{Align, Canvas, Weight};
use crate::chrome::{draw_chrome, look_of};
use crate::context::AppContext;
use crate::error::GuiError;
use crate::geometry::Rect;
use crate::input::{InputEvent, Key};
use crate::layout::{footer_buttons, frame};
use crate::net::bridge::{Bridge, BridgeEvent, NetCommand, SeatRequest};
use crate::net::{Host, explain_failure, lan_address};
use crate::play::screen::NETWORK_SAFETY_POLL;
use crate::play::session::Session;
use crate::play::{BoardUi, MatchConfig, PlayScreen};
use crate::screen::{Command, Screen, View};
use crate::theme::{Metrics, Rgba, palette};
use crate::widgets::text_field::{self, CharFilter, FieldView, TextField};
use crate::widgets::{Reaction, Widget, button, react};
use game_core::{Evaluate, Observe, Seat};
use headless::protocol::DEFAULT_PORT;
use headless::settings::{MAX_ADDRESS_CHARS, PORTS};
use std::cell::RefCell;
use std::rc::Rc;

/// Where a setup made on a pushed setup screen comes back to the lobby.
pub type SetupSlot<S> = Rc<RefCell<Option<S>>>;

/// Makes the setup screen of a player who joined, once the host's rules
/// (the game's JSON) and this seat are known; the screen puts the setup in
/// the slot and closes itself.
pub type SetupAsker<G> = Box<
    dyn Fn(
        &serde_json::Value,
        Seat,
        SetupSlot<<G as game_core::Game>::Setup>,
        &mut AppContext,
    ) -> Result<Box<dyn Screen>, GuiError>,
>;

/// Hosting or joining.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// "Host a game".
    Host,
    /// "Join a game".
    Join,
}

/// Where a hosted game runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hosting {
    /// In this program (the desktop): the form asks for a port.
    Here,
    /// On a server named by its address (a web page): the form asks for
    /// the address.
    OnServer,
}

impl Hosting {
    /// Where this build hosts.
    pub const fn of_this_build() -> Self {
        if cfg!(target_arch = "wasm32") { Hosting::OnServer } else { Hosting::Here }
    }
}

/// Where the lobby is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Typing the port, or the address and code.
    Form,
    /// Hosting or connected, waiting for the game to start.
    Waiting,
    /// Something went wrong; the message says what.
    Failed,
}

/// What the lobby's widgets say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyMsg {
    /// A text field: typing goes there.
    Field(usize),
    /// Host or join now.
    Go,
    /// Open the setup screen (a joining player who went back from it).
    Setup,
    /// Back to the form after a failure.
    Again,
    /// Leave.
    Back,
}

/// Where the lobby's parts go (pure).
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyLayout {
    /// Each text field's label.
    pub labels: Vec<Rect>,
    /// Each text field.
    pub fields: Vec<Rect>,
    /// The big game code (waiting).
    pub code: Rect,
    /// Status text.
    pub text: Rect,
    /// The footer: Back on the left.
    pub back: Rect,
    /// The footer's right button: Host / Join, Make my setup, Try again.
    pub go: Rect,
}

/// The lobby's layout for `fields` text fields.
pub fn lobby_layout(view: &View, fields: usize) -> LobbyLayout {
    let m = &view.metrics;
    let f = frame(view);
    let column = Rect::new(f.body.x, f.body.y, f.body.w.min(720.0 * m.scale), f.body.h);
    let mut area = column;
    let mut labels = Vec::new();
    let mut boxes = Vec::new();
    for _ in 0..fields {
        let (label, rest) = area.split_top(m.body * 1.6);
        let (field, rest) = rest.split_top(m.button);
        let (_, rest) = rest.split_top(m.gap);
        labels.push(label);
        boxes.push(Rect::new(field.x, field.y, field.w.min(480.0 * m.scale), field.h));
        area = rest;
    }
    let (code, _) = column.split_top(m.title * 2.4);
    let text = if fields == 0 { column.split_top(code.h + m.gap).1 } else { area };
    let footer = footer_buttons(f.footer, 1, 1, m);
    LobbyLayout { labels, fields: boxes, code, text, back: footer[0], go: footer[1] }
}

/// The link to the game once asked for.
enum Link<G: Observe> {
    /// A game hosted here: the server lives as long as this seat plays.
    Hosted(Host<G>),
    /// A game on another computer.
    Joined(Bridge<G>),
}

/// Waits for a network game of `G` to start, then opens its play screen
/// with the board `B`.
pub struct NetLobbyScreen<G: Observe + Evaluate, B: BoardUi<G>> {
    config: MatchConfig,
    role: Role,
    hosting: Hosting,
    board: Option<B>,
    stage: Stage,
    fields: Vec<TextField>,
    /// The field typing goes to.
    editing: usize,
    focus: usize,
    /// The host's setup, made before hosting.
    setup: Option<G::Setup>,
    ask_setup: Option<SetupAsker<G>>,
    setup_slot: SetupSlot<G::Setup>,
    /// Whether the server still waits for this seat's setup.
    setup_wanted: bool,
    /// The host's rules as the server sent them (for the setup screen).
    rules_json: serde_json::Value,
    link: Option<Link<G>>,
    /// Where this computer is reached (hosting), the address joined.
    addr: String,
    code: Option<String>,
    seat: Option<Seat>,
    /// What happened so far, for the player to read.
    lines: Vec<String>,
    /// What went wrong, in words.
    problem: Option<String>,
    /// This computer's address on the network, looked up once.
    lan: Option<std::net::IpAddr>,
}

impl<G: Observe + Evaluate, B: BoardUi<G>> NetLobbyScreen<G, B> {
    /// The lobby of `config`'s game: hosting (the port field filled with
    /// the remembered port; `setup` is this seat's, for games with a setup
    /// phase) or joining (the remembered address and an empty code;
    /// `ask_setup` makes the setup screen once the army is known).
    pub fn new(
        config: &MatchConfig,
        role: Role,
        ctx: &AppContext,
        board: B,
        setup: Option<G::Setup>,
        ask_setup: Option<SetupAsker<G>>,
    ) -> Self {
        let net = &ctx.settings.network;
        let hosting = Hosting::of_this_build();
        let address = match hosting {
            Hosting::OnServer if net.address.is_empty() => page_server_address(),
            _ => net.address.clone(),
        };
        let fields = match (role, hosting) {
            (Role::Host, Hosting::Here) => vec![TextField::new(&net.port.to_string(), CharFilter::Digits, 5)],
            (Role::Host, Hosting::OnServer) => {
                vec![TextField::new(&address, CharFilter::Address, MAX_ADDRESS_CHARS)]
            }
            (Role::Join, _) => vec![
                TextField::new(&address, CharFilter::Address, MAX_ADDRESS_CHARS),
                TextField::new("", CharFilter::Code, 12),
            ],
        };
        // Joining: start in the code if the address is known.
        let editing = usize::from(role == Role::Join && !address.is_empty());
        NetLobbyScreen {
            config: config.clone(),
            role,
            hosting,
            board: Some(board),
            stage: Stage::Form,
            fields,
            editing,
            focus: editing,
            setup,
            ask_setup,
            setup_slot: Rc::new(RefCell::new(None)),
            setup_wanted: false,
            rules_json: serde_json::Value::Null,
            link: None,
            addr: String::new(),
            code: None,
            seat: None,
            lines: Vec::new(),
            problem: None,
            lan: if role == Role::Host { lan_address() } else { None },
        }
    }

    /// The lobby hosting on a server named by its address, as a web page's
    /// does (for the desktop's tests of that form).
    pub fn hosting_on_server(mut self) -> Self {
        if self.role == Role::Host && self.hosting == Hosting::Here {
            self.hosting = Hosting::OnServer;
            self.fields = vec![TextField::new("", CharFilter::Address, MAX_ADDRESS_CHARS)];
            self.lan = None;
        }
        self
    }

    /// Where the lobby is.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// What the lobby says so far.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The problem shown, if any.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// The game code, once seated.
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
    }

    /// Where the opponent reaches this game: `address:port` (hosting), or
    /// the address joined.
    pub fn address(&self) -> &str {
        &self.addr
    }

    /// The text of field `i`.
    pub fn field(&self, i: usize) -> &str {
        self.fields.get(i).map_or("", |f| f.text())
    }

    /// Types `text` into field `i` (tests).
    pub fn type_into(&mut self, i: usize, text: &str) {
        if let Some(f) = self.fields.get_mut(i) {
            f.set(text);
        }
    }

    fn field_count(&self) -> usize {
        if self.stage == Stage::Form { self.fields.len() } else { 0 }
    }

    /// The layout in `view`.
    pub fn layout(&self, view: &View) -> LobbyLayout {
        lobby_layout(view, self.field_count())
    }

    /// The widgets in `view`.
    pub fn widgets(&self, view: &View) -> Vec<Widget<LobbyMsg>> {
        let l = self.layout(view);
        let mut widgets: Vec<Widget<LobbyMsg>> =
            l.fields.iter().enumerate().map(|(i, r)| Widget::button(*r, LobbyMsg::Field(i))).collect();
        widgets.push(Widget::button(l.back, LobbyMsg::Back));
        match self.stage {
            Stage::Form => {
                widgets.push(Widget::button(l.go, LobbyMsg::Go).enabled(self.form_problem().is_none()))
            }
            Stage::Waiting if self.setup_wanted && self.ask_setup.is_some() => {
                widgets.push(Widget::button(l.go, LobbyMsg::Setup))
            }
            Stage::Failed => widgets.push(Widget::button(l.go, LobbyMsg::Again)),
            Stage::Waiting => {}
        }
        widgets
    }

    /// What keeps the form from being sent, if anything.
    pub fn form_problem(&self) -> Option<String> {
        match self.role {
            Role::Host if self.hosting == Hosting::OnServer && self.field(0).is_empty() => {
                Some("Type the server's address.".into())
            }
            Role::Host if self.hosting == Hosting::OnServer => None,
            Role::Host => {
                let port = self.field(0);
                match port.parse::<u16>() {
                    Ok(p) if PORTS.contains(&p) => None,
                    _ => Some(format!("Choose a port from {} to {}.", PORTS.start(), PORTS.end())),
                }
            }
            Role::Join if self.field(0).is_empty() => Some("Type the host's address.".into()),
            Role::Join if self.field(1).is_empty() => Some("Type the game code the host sees.".into()),
            Role::Join => None,
        }
    }

    /// The address to connect to: the port is added if missing (and, in a
    /// web page, `ws://` if no scheme is given).
    pub fn join_address(&self) -> String {
        if cfg!(target_arch = "wasm32") {
            websocket_url(self.field(0), DEFAULT_PORT)
        } else {
            with_port(self.field(0), DEFAULT_PORT)
        }
    }

    /// Asks the server at `addr` for a seat through a new bridge, says so
    /// (`line`) and waits for the game to start.
    fn open_seat(
        &mut self,
        ctx: &mut AppContext,
        addr: String,
        request: SeatRequest,
        setup: Option<G::Setup>,
        line: String,
    ) {
        let bridge = Bridge::open(&addr, request, setup, ctx.next_seed(), ctx.wake.clone());
        self.lines.push(line);
        self.addr = addr;
        self.link = Some(Link::Joined(bridge));
        self.stage = Stage::Waiting;
    }

    fn go(&mut self, ctx: &mut AppContext) {
        if self.form_problem().is_some() {
            return;
        }
        self.lines.clear();
        self.problem = None;
        match self.role {
            Role::Host if self.hosting == Hosting::OnServer => {
                let addr = self.join_address();
                ctx.settings.network.address = self.field(0).to_string();
                ctx.save();
                let rules = serde_json::to_value(&self.config.rules).unwrap_or(serde_json::Value::Null);
                let setup = self.setup.clone();
                let line = format!("Opening a game at {addr}…");
                self.open_seat(ctx, addr, SeatRequest::Create { rules }, setup, line);
            }
            Role::Host => {
                let port: u16 = self.field(0).parse().unwrap_or(DEFAULT_PORT);
                ctx.settings.network.port = port;
                ctx.save();
                let rules = serde_json::to_value(&self.config.rules).unwrap_or(serde_json::Value::Null);
                let records = ctx.saved_games.as_ref().ok().map(|g| g.dir().to_path_buf());
                match Host::<G>::start(
                    port,
                    rules,
                    self.setup.clone(),
                    ctx.next_seed(),
                    ctx.wake.clone(),
                    records,
                ) {
                    Ok(host) => {
                        let port = host.addr().port();
                        self.addr = match self.lan {
                            Some(ip) => format!("{ip}:{port}"),
                            None => format!("this computer's address, port {port}"),
                        };
                        self.lines
                            .push(format!("Hosting on port {port}. Waiting for your opponent to join…"));
                        self.link = Some(Link::Hosted(host));
                        self.stage = Stage::Waiting;
                    }
                    Err(e) => self.fail(&e.to_string(), &format!("port {port}")),
                }
            }
            Role::Join => {
                let addr = self.join_address();
                let code = self.field(1).to_string();
                ctx.settings.network.address = self.field(0).to_string();
                ctx.save();
                let line = format!("Joining game {code} at {addr}…");
                self.open_seat(ctx, addr, SeatRequest::Join { code }, None, line);
            }
        }
    }

    fn fail(&mut self, reason: &str, addr: &str) {
        self.problem = Some(explain_failure(reason, addr));
        self.stage = Stage::Failed;
        self.link = None;
        self.setup_wanted = false;
    }

    fn bridge(&self) -> Option<&Bridge<G>> {
        match self.link.as_ref()? {
            Link::Hosted(host) => Some(&host.bridge),
            Link::Joined(bridge) => Some(bridge),
        }
    }

    fn ask_for_setup(&mut self, ctx: &mut AppContext) -> Command {
        let (Some(ask), Some(seat)) = (&self.ask_setup, self.seat) else {
            self.fail("this game needs a setup, and none can be made here", &self.addr.clone());
            return Command::None;
        };
        match ask(&self.rules_json, seat, Rc::clone(&self.setup_slot), ctx) {
            Ok(screen) => Command::Push(screen),
            Err(e) => {
                self.fail(&e.to_string(), &self.addr.clone());
                Command::None
            }
        }
    }

    /// Acts on a message.
    pub fn on_message(&mut self, ctx: &mut AppContext, msg: LobbyMsg) -> Command {
        match msg {
            LobbyMsg::Field(i) => {
                self.editing = i;
                Command::None
            }
            LobbyMsg::Go => {
                self.go(ctx);
                Command::None
            }
            LobbyMsg::Setup => self.ask_for_setup(ctx),
            LobbyMsg::Again => {
                self.stage = Stage::Form;
                self.problem = None;
                self.lines.clear();
                self.code = None;
                Command::None
            }
            LobbyMsg::Back => Command::Pop,
        }
    }

    fn on_bridge_event(&mut self, event: BridgeEvent<G>, ctx: &mut AppContext) -> Command {
        match event {
            BridgeEvent::Seated { code, seat, rules, setup_wanted } => {
                let name = self.config.game.entry().seats[seat.index() & 1];
                self.lines.push(format!("You play {name}."));
                if self.role == Role::Host {
                    // For the person at the console (and the smoke tests).
                    let line = format!("boardsuite: hosting {} game {code} at {}", G::NAME, self.addr);
                    #[cfg(target_arch = "wasm32")]
                    crate::web::page::say(&line);
                    #[cfg(not(target_arch = "wasm32"))]
                    eprintln!("{line}");
                    if self.hosting == Hosting::OnServer {
                        self.lines.push("Waiting for your opponent to join…".into());
                    }
                }
                if let Ok(toml::Value::Table(table)) = toml::Value::try_from(&rules) {
                    self.config.rules = table;
                }
                self.code = Some(code);
                self.seat = Some(seat);
                self.rules_json = rules;
                self.setup_wanted = setup_wanted;
                if setup_wanted {
                    self.lines.push("Make your setup: the army is the host's.".into());
                    return self.ask_for_setup(ctx);
                }
            }
            BridgeEvent::OpponentJoined => {
                let more = if self.setup.is_some() { " Waiting for their setup…" } else { "" };
                self.lines.push(format!("Your opponent has joined.{more}"));
            }
            BridgeEvent::Ready(link) => {
                let Some(board) = self.board.take() else { return Command::None };
                let session = Session::remote(link, self.config.level, ctx.next_seed());
                let screen = PlayScreen::with_session(&self.config, ctx, board, session);
                // The bridge thread (and a hosted server) lives on for the
                // play screen's link; the lobby's handle can go.
                self.link = None;
                return Command::Replace(Box::new(screen));
            }
            BridgeEvent::Chat { from, text } => {
                let name = self.config.game.entry().seats[from.index() & 1];
                self.lines.push(format!("{name}: {text}"));
            }
            BridgeEvent::DrawOffered => {}
            BridgeEvent::Refused(reason) => self.lines.push(format!("Refused: {reason}")),
            BridgeEvent::Failed(reason) => self.fail(&reason, &self.addr.clone()),
        }
        Command::None
    }
}

/// The lobby of a network game of a game without setups, if `config`'s
/// mode is a network mode.
pub fn lobby_for<G: Observe + Evaluate, B: BoardUi<G>>(
    config: &MatchConfig,
    ctx: &AppContext,
    board: B,
) -> Option<Box<dyn Screen>> {
    let role = match config.mode {
        headless::settings::PlayMode::NetworkHost => Role::Host,
        headless::settings::PlayMode::NetworkJoin => Role::Join,
        _ => return None,
    };
    Some(Box::new(NetLobbyScreen::<G, B>::new(config, role, ctx, board, None, None)))
}

/// The server a page offers first: the page's own host, on `serve`'s
/// default port.
fn page_server_address() -> String {
    #[cfg(target_arch = "wasm32")]
    let host = crate::web::page::page_host();
    #[cfg(not(target_arch = "wasm32"))]
    let host = String::new();
    let host = if host.is_empty() { "localhost".to_string() } else { host };
    let host = if host.contains(':') && !host.starts_with('[') { format!("[{host}]") } else { host };
    format!("ws://{host}:{DEFAULT_PORT}")
}

/// A WebSocket URL from what the player typed: `ws://` added when no
/// scheme is given, and `port` when the address names none (an address
/// with a path is taken as it is).
pub fn websocket_url(typed: &str, port: u16) -> String {
    let typed = typed.trim();
    let (scheme, rest) = match typed.split_once("://") {
        Some((scheme, rest)) => (scheme.to_ascii_lowercase(), rest),
        None => ("ws".to_string(), typed),
    };
    let rest = if rest.contains('/') { rest.to_string() } else { with_port(rest, port) };
    format!("{scheme}://{rest}")
}

/// `addr` with `port` added when it names none (`host` or `[v6]`; a bare
/// IPv6 address with several colons is taken as is).
pub fn with_port(addr: &str, port: u16) -> String {
    let addr = addr.trim();
    let has_port = match addr.rsplit_once(':') {
        Some((host, p)) => {
            !p.is_empty()
                && p.chars().all(|c| c.is_ascii_digit())
                && (!host.contains(':') || host.ends_with(']'))
        }
        None => false,
    };
    if has_port || addr.matches(':').count() > 1 && !addr.starts_with('[') {
        addr.to_string()
    } else {
        format!("{addr}:{port}")
    }
}

impl<G: Observe + Evaluate, B: BoardUi<G>> Screen for NetLobbyScreen<G, B> {
    fn name(&self) -> String {
        let role = match self.role {
            Role::Host => "host",
            Role::Join => "join",
        };
        format!("network {role} {}", G::NAME)
    }

    fn input(&mut self, ctx: &mut AppContext, view: &View, event: &InputEvent) -> Command {
        if self.stage == Stage::Form {
            if let Some(field) = self.fields.get_mut(self.editing)
                && field.on_event(event)
            {
                return Command::None;
            }
            let widgets = self.widgets(view);
            let on_field =
                matches!(widgets.get(self.focus).and_then(|w| w.on_activate), Some(LobbyMsg::Field(_)));
            match event {
                // Enter in a field goes on to the next one, then sends.
                InputEvent::Key(Key::Enter) if on_field => {
                    if self.editing + 1 < self.fields.len() {
                        self.editing += 1;
                        self.focus = self.editing;
                        return Command::None;
                    }
                    return self.on_message(ctx, LobbyMsg::Go);
                }
                InputEvent::Key(Key::Tab | Key::BackTab | Key::Arrow(_)) | InputEvent::Click(_) => {
                    let reaction = react(&widgets, &mut self.focus, event);
                    if let Some(LobbyMsg::Field(i)) = widgets.get(self.focus).and_then(|w| w.on_activate) {
                        self.editing = i;
                    }
                    if let Reaction::Message(msg) = reaction {
                        return self.on_message(ctx, msg);
                    }
                    return Command::None;
                }
                _ => {}
            }
        }
        let widgets = self.widgets(view);
        match react(&widgets, &mut self.focus, event) {
            Reaction::Message(msg) => self.on_message(ctx, msg),
            Reaction::Back => Command::Pop,
            _ => Command::None,
        }
    }

    fn update(&mut self, ctx: &mut AppContext, _dt: f32) -> Command {
        let made = self.setup_slot.borrow_mut().take();
        if let Some(setup) = made {
            match (serde_json::to_value(setup), self.bridge()) {
                (Ok(json), Some(bridge)) => {
                    bridge.send(NetCommand::Setup(json));
                    self.setup_wanted = false;
                    self.lines.push("Your setup is in. Waiting for your opponent's…".into());
                }
                (Err(e), _) => self.fail(&format!("the setup cannot be sent: {e}"), &self.addr.clone()),
                (_, None) => {}
            }
        }
        while let Some(event) = self.bridge().and_then(Bridge::try_event) {
            let command = self.on_bridge_event(event, ctx);
            if !matches!(command, Command::None) {
                return command;
            }
        }
        Command::None
    }

    fn wants_text(&self) -> bool {
        self.stage == Stage::Form
    }

    fn wake_after(&self) -> Option<f32> {
        (self.stage == Stage::Waiting).then_some(NETWORK_SAFETY_POLL)
    }

    fn draw(&self, ctx: &AppContext, view: &View, canvas: &mut Canvas) {
        let m = &view.metrics;
        let f = frame(view);
        let game = self.config.game.entry().name;
        let (title, subtitle) = match (self.role, self.stage) {
            (Role::Host, Stage::Form) if self.hosting == Hosting::OnServer => {
                (format!("{game}: host a game"), "Type the address of the server to open the game on")
            }
            (Role::Host, Stage::Form) => {
                (format!("{game}: host a game"), "Choose the port your opponent connects to")
            }
            (Role::Join, Stage::Form) => {
                (format!("{game}: join a game"), "Type the host's address and the game code")
            }
            (Role::Host, _) => (format!("{game}: hosting"), "Give your opponent the address and the code"),
            (Role::Join, _) => (format!("{game}: joining"), "Connecting to the host"),
        };
        draw_chrome(canvas, &f, &title, subtitle, m);
        let l = self.layout(view);
        let widgets = self.widgets(view);
        let names: &[&str] = match (self.role, self.hosting) {
            (Role::Host, Hosting::Here) => &["Port"],
            (Role::Host, Hosting::OnServer) => &["Server address (and port)"],
            (Role::Join, _) => &["Host address (and port)", "Game code"],
        };
        let placeholders: &[&str] = match (self.role, self.hosting) {
            (Role::Host, Hosting::Here) => &["7878"],
            (Role::Host, Hosting::OnServer) => &["e.g. ws://example.org:7878"],
            (Role::Join, Hosting::Here) => &["e.g. 192.168.1.5:7878", "e.g. K7QX2M"],
            (Role::Join, Hosting::OnServer) => &["e.g. ws://example.org:7878", "e.g. K7QX2M"],
        };
        for (i, (label, rect)) in l.labels.iter().zip(&l.fields).enumerate() {
            canvas.label(
                *label,
                names.get(i).copied().unwrap_or(""),
                m.body,
                Weight::Bold,
                Align::Left,
                palette::TEXT_DIM,
            );
            let look = look_of(&widgets, i, self.focus, ctx);
            let view_f = FieldView {
                text: self.field(i),
                placeholder: placeholders.get(i).copied().unwrap_or(""),
                editing: i == self.editing,
            };
            text_field::draw(canvas, *rect, &view_f, look, ctx.measure(), m);
        }
        match self.stage {
            Stage::Form => {
                let help = match (self.role, self.form_problem()) {
                    (_, Some(problem)) => problem,
                    (Role::Host, None) if self.hosting == Hosting::OnServer => {
                        "Press Host: the game opens on that server (a boardsuite serve), and you get its code. \
                         Give your opponent the address and the code."
                            .into()
                    }
                    (Role::Join, None) if self.hosting == Hosting::OnServer => {
                        "The host's screen shows the server's address and the game code. Without a port, 7878 is used."
                            .into()
                    }
                    (Role::Host, None) => format!(
                        "Press Host: this computer then runs the game and waits. Tell your opponent its address{}. \
                         They need the same port open in any firewall.",
                        self.lan.map(|ip| format!(" ({ip})")).unwrap_or_default()
                    ),
                    (Role::Join, None) => {
                        "The host's screen shows its address, port and game code. Without a port, 7878 is used.".into()
                    }
                };
                draw_text_block(canvas, ctx, l.text, &help, palette::TEXT_DIM, m);
            }
            Stage::Waiting | Stage::Failed => self.draw_waiting(canvas, ctx, &l, m),
        }
        let back_label = if self.stage == Stage::Waiting { "Cancel" } else { "Back" };
        let back = widgets.iter().position(|w| w.on_activate == Some(LobbyMsg::Back)).unwrap_or(0);
        button::draw(canvas, l.back, back_label, look_of(&widgets, back, self.focus, ctx), m);
        if let Some(go) = widgets.iter().position(|w| w.rect == l.go) {
            let label = match widgets[go].on_activate {
                Some(LobbyMsg::Go) if self.role == Role::Host => "Host",
                Some(LobbyMsg::Go) => "Join",
                Some(LobbyMsg::Setup) => "Make my setup",
                _ => "Try again",
            };
            let mut look = look_of(&widgets, go, self.focus, ctx);
            look.primary = widgets[go].enabled;
            button::draw(canvas, l.go, label, look, m);
        }
    }
}

impl<G: Observe + Evaluate, B: BoardUi<G>> NetLobbyScreen<G, B> {
    fn draw_waiting(&self, canvas: &mut Canvas, ctx: &AppContext, l: &LobbyLayout, m: &Metrics) {
        let mut text = l.text;
        match (&self.code, self.role) {
            (Some(code), Role::Host) => {
                let (label, big) = l.code.split_left(l.code.w * 0.32);
                canvas.label(label, "Game code", m.heading, Weight::Bold, Align::Left, palette::TEXT_DIM);
                canvas.label(big, code, m.title * 1.5, Weight::Bold, Align::Left, palette::ACCENT);
                let (row, rest) = text.split_top(m.body * 1.8);
                canvas.label(
                    row,
                    &format!("Address: {}", self.addr),
                    m.heading,
                    Weight::Bold,
                    Align::Left,
                    palette::TEXT,
                );
                text = rest;
            }
            (Some(code), Role::Join) => {
                canvas.label(
                    l.code,
                    &format!("Game {code}"),
                    m.title,
                    Weight::Bold,
                    Align::Left,
                    palette::TEXT,
                );
            }
            (None, _) => {}
        }
        let mut body = self.lines.join("\n");
        if let Some(problem) = &self.problem {
            if !body.is_empty() {
                body.push('\n');
            }
            body.push_str(problem);
        }
        let color = if self.problem.is_some() { palette::WARNING } else { palette::TEXT };
        draw_text_block(canvas, ctx, text, &body, color, m);
    }
}

/// Draws wrapped lines of text from the top of `r`, as many as fit; each
/// `\n` starts a new paragraph.
fn draw_text_block(canvas: &mut Canvas, ctx: &AppContext, r: Rect, text: &str, color: Rgba, m: &Metrics) {
    let line_h = m.body * 1.5;
    let mut y = r.y;
    for paragraph in text.split('\n') {
        for line in crate::text::wrap(paragraph, r.w, m.body, ctx.measure()) {
            if y + line_h > r.bottom() + 0.5 {
                return;
            }
            canvas.label(Rect::new(r.x, y, r.w, line_h), &line, m.body, Weight::Regular, Align::Left, color);
            y += line_h;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stones::StonesBoard;
    use crate::screens::testing::{SIZES, assert_laid_out};
    use headless::registry::GameKind;
    use headless::settings::PlayMode;
    use std::time::{Duration, Instant};
    use stones::Stones;

    fn config(mode: PlayMode) -> MatchConfig {
        MatchConfig::for_tests(GameKind::Stones, mode)
    }

    /// Updates `screen` until it returns a command or `done` holds; five
    /// seconds at most.
    fn pump(
        screen: &mut NetLobbyScreen<Stones, StonesBoard>,
        ctx: &mut AppContext,
        done: impl Fn(&NetLobbyScreen<Stones, StonesBoard>) -> bool,
    ) -> Command {
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            let command = screen.update(ctx, 0.016);
            if !matches!(command, Command::None) || done(screen) {
                return command;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("the lobby did not get there: {:?} {:?}", screen.lines(), screen.problem())
    }

    /// A port nobody listens on now (the system's choice, then let go).
    fn free_port() -> u16 {
        std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
    }

    fn lobby(role: Role, ctx: &AppContext) -> NetLobbyScreen<Stones, StonesBoard> {
        let mode = if role == Role::Host { PlayMode::NetworkHost } else { PlayMode::NetworkJoin };
        NetLobbyScreen::<Stones, _>::new(&config(mode), role, ctx, StonesBoard::new(), None, None)
    }

    fn typed(screen: &mut dyn Screen, ctx: &mut AppContext, text: &str) {
        let view = View::of_size(1280.0, 800.0);
        for c in text.chars() {
            screen.input(ctx, &view, &InputEvent::Text(c));
        }
    }

    #[test]
    fn a_hosted_and_a_joined_lobby_both_open_play_screens() {
        let mut ctx = AppContext::for_tests();
        let view = View::of_size(1280.0, 800.0);
        let mut host = lobby(Role::Host, &ctx);
        assert!(host.wants_text());
        let port = free_port();
        for _ in 0..5 {
            host.input(&mut ctx, &view, &InputEvent::Key(Key::Backspace));
        }
        typed(&mut host, &mut ctx, &format!("{port}x"));
        assert_eq!(host.field(0), port.to_string(), "digits only");
        host.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(host.stage(), Stage::Waiting, "{:?}", host.problem());
        assert!(!host.wants_text());
        assert_eq!(ctx.settings.network.port, port, "the port is remembered");
        assert!(host.address().ends_with(&format!(":{port}")), "{}", host.address());
        assert!(matches!(pump(&mut host, &mut ctx, |h| h.code().is_some()), Command::None));
        let code = host.code().unwrap().to_string();

        let mut guest = lobby(Role::Join, &ctx);
        typed(&mut guest, &mut ctx, &format!("127.0.0.1:{port}"));
        guest.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(guest.stage(), Stage::Form, "Enter goes on to the code");
        typed(&mut guest, &mut ctx, &code.to_lowercase());
        assert_eq!(guest.field(1), code, "codes are upper case");
        guest.input(&mut ctx, &view, &InputEvent::Key(Key::Enter));
        assert_eq!(guest.stage(), Stage::Waiting);
        assert_eq!(ctx.settings.network.address, format!("127.0.0.1:{port}"));
        for lobby in [&mut host, &mut guest] {
            let command = pump(lobby, &mut ctx, |_| false);
            assert!(matches!(&command, Command::Replace(s) if s.name() == "play stones"), "{command:?}");
        }
    }

    #[test]
    fn a_bad_code_and_a_closed_port_are_explained_and_the_form_comes_back() {
        let mut ctx = AppContext::for_tests();
        let host =
            Host::<Stones>::start(0, serde_json::Value::Null, None, 1, crate::wake::no_wake(), None).unwrap();
        let mut guest = lobby(Role::Join, &ctx);
        guest.type_into(0, &format!("127.0.0.1:{}", host.addr().port()));
        guest.type_into(1, "NOSUCH");
        guest.on_message(&mut ctx, LobbyMsg::Go);
        pump(&mut guest, &mut ctx, |g| g.stage() == Stage::Failed);
        assert!(guest.problem().unwrap().contains("no game with that code"), "{:?}", guest.problem());
        guest.on_message(&mut ctx, LobbyMsg::Again);
        assert_eq!((guest.stage(), guest.field(1)), (Stage::Form, "NOSUCH"), "the form keeps what was typed");
        guest.type_into(0, &format!("127.0.0.1:{}", free_port()));
        guest.on_message(&mut ctx, LobbyMsg::Go);
        pump(&mut guest, &mut ctx, |g| g.stage() == Stage::Failed);
        assert!(guest.problem().unwrap().starts_with("Nobody is hosting"), "{:?}", guest.problem());
        let view = View::of_size(800.0, 600.0);
        assert!(matches!(guest.input(&mut ctx, &view, &InputEvent::Key(Key::Escape)), Command::Pop));
        assert!(lobby(Role::Join, &ctx).form_problem().is_some(), "an empty form cannot be sent");
    }

    #[test]
    fn a_game_hosted_on_a_server_by_its_address_takes_a_guest() {
        let mut ctx = AppContext::for_tests();
        let server = headless::net::server::start(headless::net::server::ServerConfig::loopback()).unwrap();
        let addr = server.addr().to_string();
        let mut host = lobby(Role::Host, &ctx).hosting_on_server();
        assert_eq!(host.form_problem().as_deref(), Some("Type the server's address."));
        host.type_into(0, &addr);
        host.on_message(&mut ctx, LobbyMsg::Go);
        assert_eq!(host.stage(), Stage::Waiting, "{:?}", host.problem());
        assert_eq!(host.address(), addr, "the opponent is given the server's address");
        assert_eq!(ctx.settings.network.address, addr, "the address is remembered");
        pump(&mut host, &mut ctx, |h| h.code().is_some());
        let code = host.code().unwrap().to_string();
        let mut guest = lobby(Role::Join, &ctx);
        assert_eq!(guest.field(0), addr, "the address is offered again");
        guest.type_into(1, &code);
        guest.on_message(&mut ctx, LobbyMsg::Go);
        for lobby in [&mut host, &mut guest] {
            let command = pump(lobby, &mut ctx, |_| false);
            assert!(matches!(&command, Command::Replace(s) if s.name() == "play stones"), "{command:?}");
        }
        server.stop();
    }

    #[test]
    fn page_addresses_become_websocket_urls() {
        assert_eq!(websocket_url("example.org", 7878), "ws://example.org:7878");
        assert_eq!(websocket_url(" ws://10.0.0.2:9000 ", 7878), "ws://10.0.0.2:9000");
        assert_eq!(websocket_url("WSS://example.org", 7878), "wss://example.org:7878");
        assert_eq!(websocket_url("ws://[::1]", 7878), "ws://[::1]:7878");
        assert_eq!(websocket_url("ws://example.org/play", 7878), "ws://example.org/play");
        assert_eq!(page_server_address(), "ws://localhost:7878");
    }

    #[test]
    fn join_addresses_get_the_default_port() {
        assert_eq!(with_port("192.168.1.5", 7878), "192.168.1.5:7878");
        assert_eq!(with_port(" example.org:9000 ", 7878), "example.org:9000");
        assert_eq!(with_port("[::1]", 7878), "[::1]:7878");
        assert_eq!(with_port("[::1]:80", 7878), "[::1]:80");
        assert_eq!(with_port("::1", 7878), "::1");
        assert_eq!(with_port("host:", 7878), "host::7878");
    }

    #[test]
    fn the_lobby_lays_out_at_every_size() {
        let ctx = AppContext::for_tests();
        for role in [Role::Host, Role::Join] {
            let lobby = NetLobbyScreen::<Stones, _>::new(
                &config(PlayMode::NetworkJoin),
                role,
                &ctx,
                StonesBoard::new(),
                None,
                None,
            );
            for (w, h) in SIZES {
                let view = View::of_size(w, h);
                assert_laid_out(&lobby.widgets(&view), view.rect);
                let l = lobby.layout(&view);
                for f in &l.fields {
                    assert!(!f.overlaps(&l.text));
                }
            }
        }
    }
}
